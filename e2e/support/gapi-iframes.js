/*
 * A stand-in for Google's gapi loader (https://apis.google.com/js/api.js) with the one module
 * Firebase's popup sign-in uses, `gapi.iframes`: it carries the auth event from the Firebase Auth
 * Emulator's helper iframe to the Firebase SDK in the page. The real script is on Google's CDN,
 * which this machine cannot reach; the end-to-end tests serve this file in its place
 * (support/firebase.ts). Everything else in the sign-in is real: the Firebase SDK in the site's
 * bundle, the emulator's popup and helper iframe, the server's token check.
 *
 * The protocol is postMessage between a page and its iframe: `call` (a named message and its
 * data) is answered by `reply` (the handler's results); `ping` by `pong`.
 */
(() => {
  const MARK = '__nimbusGapiShim';
  const channels = [];
  let nextId = 1;
  let parentChannel = null;

  /** One end of the conversation with another window (an iframe, or this frame's parent). */
  class Channel {
    constructor(target) {
      this.target = target;
      this.handlers = new Map();
      this.waiting = new Map();
      channels.push(this);
    }

    post(message) {
      this.target()?.postMessage({ ...message, [MARK]: true }, '*');
    }

    register(name, handler) {
      this.handlers.set(name, handler);
    }

    send(name, data, callback) {
      const id = nextId++;
      if (callback) this.waiting.set(id, callback);
      this.post({ kind: 'call', name, data, id });
    }

    restyle() {
      return Promise.resolve();
    }

    /** Resolves (and calls back) once the other side answers; asks again until it has loaded. */
    ping(callback) {
      return new Promise((resolve) => {
        const id = nextId++;
        const timer = setInterval(() => this.post({ kind: 'ping', id }), 100);
        this.waiting.set(id, () => {
          clearInterval(timer);
          callback?.();
          resolve();
        });
        this.post({ kind: 'ping', id });
      });
    }

    receive(message) {
      if (message.kind === 'ping') {
        this.post({ kind: 'pong', id: message.id });
      } else if (message.kind === 'pong' || message.kind === 'reply') {
        const waiting = this.waiting.get(message.id);
        this.waiting.delete(message.id);
        waiting?.(message.results);
      } else if (message.kind === 'call') {
        const handler = this.handlers.get(message.name);
        this.post({ kind: 'reply', id: message.id, results: [handler?.(message.data)] });
      }
    }
  }

  const context = {
    open(options, onOpened) {
      const element = document.createElement('iframe');
      for (const [name, value] of Object.entries(options.attributes ?? {})) {
        if (name === 'style') Object.assign(element.style, value);
        else element.setAttribute(name, value);
      }
      element.src = options.url;
      (options.where ?? document.body).appendChild(element);
      const channel = new Channel(() => element.contentWindow);
      return Promise.resolve(onOpened ? onOpened(channel) : channel);
    },
    getParentIframe() {
      parentChannel ??= new Channel(() => window.parent);
      return parentChannel;
    },
  };

  window.addEventListener('message', (event) => {
    const message = event.data;
    if (!message || typeof message !== 'object' || !message[MARK]) return;
    const channel = channels.find((candidate) => candidate.target() === event.source);
    if (channel) channel.receive(message);
    // The parent's ping before this frame asked for its parent: answer, so it knows we are up.
    else if (event.source === window.parent && window.parent !== window) {
      context.getParentIframe().receive(message);
    }
  });

  const gapi = (window.gapi ??= {});
  gapi.iframes = {
    Iframe: Channel,
    CROSS_ORIGIN_IFRAMES_FILTER: () => true,
    getContext: () => context,
  };
  gapi.load = (_module, options) => {
    const callback = typeof options === 'function' ? options : options?.callback;
    if (callback) setTimeout(callback, 0);
  };

  // The loader's callbacks: `?onload=name` on the script's address, or window.gapi_onload.
  const script = document.currentScript;
  const onload = script && new URL(script.src).searchParams.get('onload');
  setTimeout(() => {
    if (onload && typeof window[onload] === 'function') window[onload]();
    if (typeof window.gapi_onload === 'function') window.gapi_onload();
  }, 0);
})();
