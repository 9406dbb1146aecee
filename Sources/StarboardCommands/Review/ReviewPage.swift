import Foundation

/// The review's static page: `index.html` (markup and style) with its script in
/// `review-page.js`, reading the report from `review.js`: classic scripts, so it opens from `file://` and from any static
/// host with nothing fetched from elsewhere. The pixel difference is computed in the page from
/// the two pictures, as drawn by the browser that shows them.
enum ReviewPage {
    static let index = "index.html"
    static let dataScript = "review.js"
    static let data = "review.json"
    /// The page's script, in a file of its own so a host's `script-src 'self'` policy allows it.
    static let pageScript = "review-page.js"

    /// The files of the report folder by name.
    static func files(_ report: ReviewReport) -> [String: Data] {
        let json = report.json()
        return [
            index: Data(html(title: "Starboard review: \(report.base) → \(report.head)").utf8),
            dataScript: Data("window.STARBOARD_REVIEW = ".utf8) + json + Data(";\n".utf8),
            pageScript: Data(script.utf8),
            data: json,
        ]
    }

    static func html(title: String) -> String {
        let escaped = ReviewJUnit.escape(title)
        return """
            <!doctype html>
            <html lang="en">
            <head>
            <meta charset="utf-8">
            <meta name="viewport" content="width=device-width, initial-scale=1">
            <title>\(escaped)</title>
            <style>
            :root { color-scheme: light dark; --fg: #1d1d1f; --bg: #fff; --muted: #6e6e73; --line: #d2d2d7; --panel: #f5f5f7;
              --changed: #b25000; --added: #1a7f37; --removed: #c62828; --diff-add: #dafbe1; --diff-del: #ffebe9; }
            @media (prefers-color-scheme: dark) { :root { --fg: #f5f5f7; --bg: #1c1c1e; --muted: #a1a1a6; --line: #3a3a3c; --panel: #2c2c2e;
              --changed: #ffa657; --added: #56d364; --removed: #ff7b72; --diff-add: #12361f; --diff-del: #4a1d1d; } }
            body { font: 14px/1.45 system-ui, sans-serif; color: var(--fg); background: var(--bg); margin: 0; }
            header, main { max-width: 1400px; margin: 0 auto; padding: 16px 24px; }
            h1 { font-size: 20px; margin: 0 0 4px; }
            .summary { color: var(--muted); margin: 0 0 12px; }
            .problem { border: 1px solid var(--removed); border-radius: 8px; padding: 8px 12px; margin: 12px 0; }
            .problem pre, .message { white-space: pre-wrap; font: 12px/1.4 ui-monospace, monospace; margin: 4px 0 0; }
            .filters { display: flex; gap: 8px; flex-wrap: wrap; align-items: center; }
            .filters button { font: inherit; padding: 4px 12px; border-radius: 14px; border: 1px solid var(--line); background: var(--panel); color: var(--fg); cursor: pointer; }
            .filters button[aria-pressed="true"] { border-color: var(--fg); font-weight: 600; }
            .filters input { font: inherit; padding: 4px 8px; border-radius: 6px; border: 1px solid var(--line); background: var(--bg); color: var(--fg); min-width: 16em; }
            section.entry { border-top: 1px solid var(--line); padding: 16px 0; }
            section.entry h2 { font-size: 15px; margin: 0 0 8px; display: flex; gap: 8px; align-items: baseline; flex-wrap: wrap; }
            .badge { font-size: 12px; font-weight: 600; text-transform: uppercase; letter-spacing: .04em; }
            .badge.changed { color: var(--changed); } .badge.added { color: var(--added); } .badge.removed { color: var(--removed); }
            .sides { display: grid; grid-template-columns: repeat(auto-fit, minmax(240px, 1fr)); gap: 16px; align-items: start; }
            figure { margin: 0; }
            figcaption { color: var(--muted); font-size: 12px; margin-bottom: 4px; }
            .picture { background: repeating-conic-gradient(#e8e8ed 0 25%, #fff 0 50%) 0 0 / 16px 16px; border: 1px solid var(--line);
              border-radius: 6px; padding: 8px; overflow: auto; max-height: 70vh; }
            .picture img, .picture canvas { display: block; max-width: 100%; height: auto; }
            .none { color: var(--muted); font-style: italic; }
            .message { color: var(--removed); }
            details { margin-top: 8px; }
            summary { cursor: pointer; color: var(--muted); }
            pre.diff { font: 12px/1.35 ui-monospace, monospace; background: var(--panel); border-radius: 6px; padding: 8px; overflow: auto; max-height: 50vh; margin: 6px 0 0; }
            pre.diff span { display: block; white-space: pre; }
            pre.diff .del { background: var(--diff-del); } pre.diff .add { background: var(--diff-add); } pre.diff .skip { color: var(--muted); font-style: italic; }
            .unchanged-list { columns: 3 18em; font-size: 12px; color: var(--muted); }
            </style>
            <script src="\(dataScript)"></script>
            </head>
            <body>
            <header>
              <h1 id="title">\(escaped)</h1>
              <p class="summary" id="summary">Reading the report…</p>
              <div id="problem"></div>
              <div class="filters" role="toolbar" aria-label="Show">
                <button type="button" data-filter="all" aria-pressed="true">All</button>
                <button type="button" data-filter="changed" aria-pressed="false">Changed</button>
                <button type="button" data-filter="added" aria-pressed="false">Added</button>
                <button type="button" data-filter="removed" aria-pressed="false">Removed</button>
                <label>Find <input type="search" id="find" placeholder="entry, variant or environment"></label>
              </div>
            </header>
            <main id="entries"></main>
            <main><details id="unchanged"><summary></summary><ul class="unchanged-list"></ul></details></main>
            <script src="\(pageScript)"></script>
            </body>
            </html>

            """
    }

    /// The page's script: builds the sections from the report and draws each difference when
    /// its section comes into view.
    static let script = #"""
    "use strict";
    (function () {
      const report = window.STARBOARD_REVIEW;
      const $ = (id) => document.getElementById(id);
      if (!report) { $("summary").textContent = "review.js is missing beside this page."; return; }
      const el = (tag, attributes, ...children) => {
        const node = document.createElement(tag);
        for (const [name, value] of Object.entries(attributes || {})) node.setAttribute(name, value);
        for (const child of children) node.append(child);
        return node;
      };
      const count = (status) => report.entries.filter((entry) => entry.status === status).length;
      const parts = [["changed", count("changed")], ["added", count("added")], ["removed", count("removed")]]
        .filter(([, n]) => n > 0).map(([name, n]) => `${n} ${name}`);
      parts.push(`${report.unchanged.length} unchanged`);
      $("summary").textContent = parts.join(", ") + (report.shards.length ? ` (shards ${report.shards.join(", ")})` : "");
      if (report.baseProblem) {
        $("problem").append(el("div", { class: "problem", role: "alert" },
          el("strong", {}, `${report.base} does not build, so only the new side is shown.`), el("pre", {}, report.baseProblem)));
      }
      const dataURL = (svg) => "data:image/svg+xml;charset=utf-8," + encodeURIComponent(svg);
      const picture = (caption, svg, message, role) => {
        const box = el("div", { class: "picture" });
        if (svg != null) box.append(el("img", { src: dataURL(svg), alt: `${caption} picture`, "data-side": role }));
        else if (message != null) box.append(el("p", { class: "message" }, message));
        else box.append(el("p", { class: "none" }, "none"));
        return el("figure", {}, el("figcaption", {}, caption), box);
      };
      const sections = [];
      for (const entry of report.entries) {
        const key = `${entry.entry} / ${entry.variant ?? "(defaults)"} [${entry.environment}]`;
        const section = el("section", { class: "entry", "data-status": entry.status, "data-key": key.toLowerCase() });
        section.append(el("h2", {}, el("span", { class: `badge ${entry.status}` }, entry.status), key));
        const sides = el("div", { class: "sides" },
          picture(`Before (${report.base})`, entry.baseSVG, entry.baseMessage, "base"),
          picture(`After (${report.head})`, entry.newSVG, entry.newMessage, "new"));
        if (entry.baseSVG != null && entry.newSVG != null) {
          const canvas = el("canvas", { "aria-label": "pixel difference" });
          const caption = el("figcaption", {}, "Difference (pixels that differ in red)");
          sides.append(el("figure", { class: "difference" }, caption, el("div", { class: "picture" }, canvas)));
          section.difference = { canvas, caption, entry };
        }
        section.append(sides);
        if (entry.diff.length) {
          const pre = el("pre", { class: "diff" });
          for (const line of entry.diff) {
            const kind = line.kind === "-" ? "del" : line.kind === "+" ? "add" : line.kind === "…" ? "skip" : "same";
            pre.append(el("span", { class: kind }, (line.kind === "…" ? "… " : line.kind + " ") + line.text));
          }
          const changes = entry.diff.filter((line) => line.kind === "-" || line.kind === "+").length;
          section.append(el("details", {}, el("summary", {}, `SVG line diff (${changes} line${changes === 1 ? "" : "s"})`), pre));
        }
        sections.push(section);
        $("entries").append(section);
      }
      if (!sections.length) $("entries").append(el("p", { class: "none" }, "Nothing changed."));
      const unchanged = $("unchanged");
      unchanged.querySelector("summary").textContent = `${report.unchanged.length} unchanged`;
      for (const key of report.unchanged) unchanged.querySelector("ul").append(el("li", {}, key));

      const load = (svg) => new Promise((resolve, reject) => {
        const image = new Image();
        image.onload = () => resolve(image);
        image.onerror = () => reject(new Error("the SVG does not draw"));
        image.src = dataURL(svg);
      });
      const scale = 2;
      const pixels = (image, width, height) => {
        const canvas = document.createElement("canvas");
        canvas.width = width; canvas.height = height;
        const context = canvas.getContext("2d");
        context.drawImage(image, 0, 0, image.naturalWidth * scale, image.naturalHeight * scale);
        return context.getImageData(0, 0, width, height).data;
      };
      // The new picture faded, with every pixel that differs by more than a rounding step in red.
      async function drawDifference({ canvas, caption, entry }) {
        try {
          const [before, after] = await Promise.all([load(entry.baseSVG), load(entry.newSVG)]);
          const width = Math.ceil(Math.max(before.naturalWidth, after.naturalWidth) * scale);
          const height = Math.ceil(Math.max(before.naturalHeight, after.naturalHeight) * scale);
          if (!width || !height) throw new Error("a picture has no size");
          const a = pixels(before, width, height), b = pixels(after, width, height);
          canvas.width = width; canvas.height = height;
          canvas.style.width = `${width / scale}px`;
          const context = canvas.getContext("2d");
          const out = context.createImageData(width, height);
          let differing = 0;
          for (let i = 0; i < a.length; i += 4) {
            const delta = Math.max(Math.abs(a[i] - b[i]), Math.abs(a[i + 1] - b[i + 1]), Math.abs(a[i + 2] - b[i + 2]), Math.abs(a[i + 3] - b[i + 3]));
            if (delta > 8) {
              differing++;
              out.data[i] = 230; out.data[i + 1] = 0; out.data[i + 2] = 60; out.data[i + 3] = 255;
            } else {
              const grey = (b[i] + b[i + 1] + b[i + 2]) / 3;
              out.data[i] = out.data[i + 1] = out.data[i + 2] = grey; out.data[i + 3] = b[i + 3] * 0.25;
            }
          }
          context.putImageData(out, 0, 0);
          const share = (100 * differing / (width * height));
          caption.textContent = `Difference: ${differing} of ${width * height} pixels (${share < 0.01 && differing ? "<0.01" : share.toFixed(2)} %) at ${scale}×`;
          canvas.dataset.differing = String(differing);
        } catch (error) {
          caption.textContent = `Difference: not drawn (${error.message})`;
          canvas.dataset.differing = "error";
        }
      }
      const pending = sections.filter((section) => section.difference);
      const observer = "IntersectionObserver" in window ? new IntersectionObserver((seen) => {
        for (const item of seen) if (item.isIntersecting) { observer.unobserve(item.target); drawDifference(item.target.difference); }
      }, { rootMargin: "400px" }) : null;
      for (const section of pending) observer ? observer.observe(section) : drawDifference(section.difference);

      let filter = "all";
      const apply = () => {
        const text = $("find").value.trim().toLowerCase();
        for (const section of sections) {
          section.hidden = !((filter === "all" || section.dataset.status === filter) && (!text || section.dataset.key.includes(text)));
        }
      };
      for (const button of document.querySelectorAll("[data-filter]")) {
        button.addEventListener("click", () => {
          filter = button.dataset.filter;
          for (const other of document.querySelectorAll("[data-filter]")) other.setAttribute("aria-pressed", String(other === button));
          apply();
        });
      }
      $("find").addEventListener("input", apply);
    })();
    """#
}
