#!/usr/bin/env python3
# Writes the asset catalogue of Components/Resources and Tests/StarboardUITests/Fixtures:
#   scripts/make-asset-fixtures.py Components/Resources/Assets.xcassets
# Writes tiny PNGs of my own drawing: a pixel pattern per name.
import zlib, struct, sys, os
def png(path, w, h, pixel):
    raw = b''.join(b'\x00' + b''.join(bytes(pixel(x, y)) for x in range(w)) for y in range(h))
    def chunk(t, d): return struct.pack('>I', len(d)) + t + d + struct.pack('>I', zlib.crc32(t + d) & 0xffffffff)
    data = b'\x89PNG\r\n\x1a\n' + chunk(b'IHDR', struct.pack('>IIBBBBB', w, h, 8, 6, 0, 0, 0)) + chunk(b'IDAT', zlib.compress(raw, 9)) + chunk(b'IEND', b'')
    os.makedirs(os.path.dirname(path), exist_ok=True)
    open(path, 'wb').write(data)
def mark(scale, color):
    # A 16-point mark: a filled disc with a transparent corner notch.
    def p(x, y):
        n = 16 * scale; cx = cy = n / 2; r = n / 2 - 0.5
        inside = (x + 0.5 - cx) ** 2 + (y + 0.5 - cy) ** 2 <= r * r
        notch = x >= n * 0.6 and y < n * 0.4
        return (*color, 255) if inside and not notch else (0, 0, 0, 0)
    return p
import json
def contents(folder, obj):
    os.makedirs(folder, exist_ok=True)
    open(folder + '/Contents.json', 'w').write(json.dumps(obj, indent=2) + '\n')
info = {"author": "xcode", "version": 1}
def imageset(root, name, entries):
    folder = f'{root}/{name}.imageset'
    images = []
    for (file, scale, dark, w, h, pix) in entries:
        png(f'{folder}/{file}', w, h, pix)
        e = {"filename": file, "idiom": "universal", "scale": scale}
        if dark: e["appearances"] = [{"appearance": "luminosity", "value": "dark"}]
        images.append(e)
    contents(folder, {"images": images, "info": info})
def stripes(colors, w):
    def p(x, y):
        return (*colors[(x * len(colors)) // w], 255)
    return p
root = sys.argv[1]
contents(root, {"info": info})
orange, blue, green, purple = (255, 149, 0), (0, 122, 255), (52, 199, 89), (175, 82, 222)
imageset(root, 'Mark', [
    ('mark.png', '1x', False, 16, 16, mark(1, orange)),
    ('mark@2x.png', '2x', False, 32, 32, mark(2, blue)),
    ('mark@3x.png', '3x', False, 48, 48, mark(3, purple)),
    ('mark-dark@2x.png', '2x', True, 32, 32, mark(2, green)),
])
imageset(root, 'Banner', [
    ('banner@2x.png', '2x', False, 80, 40, stripes([(255, 59, 48), (255, 204, 0), (52, 199, 89), (0, 122, 255)], 80)),
])
def colorset(name, entries):
    colors = []
    for (dark, space, comps) in entries:
        e = {"color": {"color-space": space, "components": comps}, "idiom": "universal"}
        if dark: e["appearances"] = [{"appearance": "luminosity", "value": "dark"}]
        colors.append(e)
    contents(f'{root}/{name}.colorset', {"colors": colors, "info": info})
colorset('Brand', [
    (False, 'srgb', {"red": "0.204", "green": "0.471", "blue": "0.965", "alpha": "1.000"}),
    (True, 'srgb', {"red": "120", "green": "170", "blue": "255", "alpha": "1.000"}),
])
colorset('Paper', [
    (False, 'display-p3', {"red": "0xFA", "green": "0xF3", "blue": "0xE6", "alpha": "1.000"}),
    (True, 'extended-gray', {"white": "0.150", "alpha": "1.000"}),
])
