/// The script the browser bench runs in the page: it moves the inspector's first slider and
/// times, for every render that reaches the preview, the input that asked for it → the render's
/// arrival, its SVG in the DOM, and the first task after the frame that painted it.
///
/// "Painted" is read without hooks into the page: a `requestAnimationFrame` loop marks the
/// rendering step until the first task after it; an SVG put in during that step is painted
/// by the task after it, one put in by an ordinary task by the next frame's. Which input a
/// render answers is found by its value of the slider's property (the newest input of that
/// value before the render came). `spacing` is milliseconds between inputs, or 0 for one
/// input per animation frame (a drag).
enum BrowserProbe {
    static let script = #"""
    (async ({ inputs: count, spacing, settleMs }) => {
      const preview = document.getElementById('preview');
      const slider = document.querySelector('#inspector input[type="range"]');
      if (!preview || !slider) return { error: 'the page shows no preview or no slider' };
      const property = slider.id.replace(/^prop-/, '').replace(/-slider$/, '');
      const now = () => performance.now();
      const channel = new MessageChannel();
      const tasks = [];
      channel.port1.onmessage = () => tasks.shift()?.();
      const postTask = (task) => { tasks.push(task); channel.port2.postMessage(0); };
      let inFrame = false;
      let running = true;
      const loop = () => {
        if (!running) return;
        inFrame = true;
        postTask(() => { inFrame = false; });
        requestAnimationFrame(loop);
      };
      requestAnimationFrame(loop);
      await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));

      const arrived = [];
      const drawn = [];
      const originalSend = WebSocket.prototype.send;
      let socket = null;
      const onMessage = (event) => {
        if (typeof event.data !== 'string' || !event.data.startsWith('{"type":"render"')) return;
        const message = JSON.parse(event.data);
        if ((message.environment ?? 'standard') !== 'standard') return;
        arrived.push({ at: event.timeStamp, value: Number(message.values?.[property]) });
      };
      WebSocket.prototype.send = function (data) {
        if (!socket) { socket = this; this.addEventListener('message', onMessage); }
        return originalSend.call(this, data);
      };
      let inserted = null;
      preview.replaceChildren = function (...nodes) { inserted = now(); return Element.prototype.replaceChildren.apply(this, nodes); };
      const observer = new MutationObserver(() => {
        const entry = { dom: inserted ?? now(), painted: null };
        drawn.push(entry);
        const done = () => { entry.painted = now(); };
        if (inFrame) postTask(done); else requestAnimationFrame(() => postTask(done));
      });
      observer.observe(preview, { childList: true });

      const min = Number(slider.min), max = Number(slider.max), step = Number(slider.step) || 1;
      const span = Math.max(1, Math.min(12, Math.floor((max - min) / step)));
      const sent = [];
      for (let i = 0; i < count; i += 1) {
        if (spacing > 0) await new Promise((resolve) => setTimeout(resolve, spacing));
        else await new Promise((resolve) => requestAnimationFrame(resolve));
        // Up and down the first steps of the range, never the same value twice in a row.
        const k = i % (2 * span);
        slider.value = String(min + step * (k < span ? k + 1 : 2 * span - k - 1));
        const at = now();
        slider.dispatchEvent(new Event('input', { bubbles: true }));
        sent.push({ at, value: Number(slider.value) });
      }
      await new Promise((resolve) => setTimeout(resolve, settleMs));
      running = false;
      observer.disconnect();
      WebSocket.prototype.send = originalSend;
      delete preview.replaceChildren;
      socket?.removeEventListener('message', onMessage);

      const rows = [];
      for (const entry of drawn) {
        const render = arrived.filter((a) => a.at <= entry.dom).at(-1);
        if (!render || entry.painted === null) continue;
        const input = sent.filter((s) => Math.abs(s.value - render.value) < step / 2 && s.at <= render.at).at(-1);
        if (!input) continue;
        rows.push([render.at - input.at, entry.dom - input.at, entry.painted - input.at]);
      }
      return { property, inputs: sent.length, renders: arrived.length, rows };
    })
    """#
}
