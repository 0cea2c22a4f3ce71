// Test-only stand-in for https://apis.google.com/js/api.js, which the Firebase SDK loads before opening the
// sign-in popup and which cannot be reached offline. It relays the popup/iframe messages the SDK expects.
// Served through Playwright routing in the browser tests; never shipped with the product.
(function () {
  var handlers = {}, pending = {}, queued = {}, seq = 0;
  function reply(m) {
    Promise.resolve(handlers[m.name](m.data)).then(function (r) {
      m.src.postMessage({ __gapiStub: 'reply', id: m.id, result: [r] }, '*');
    });
  }
  window.addEventListener('message', function (e) {
    var m = e.data;
    if (!m || !m.__gapiStub) return;
    if (m.__gapiStub === 'send') {
      m.src = e.source;
      if (handlers[m.name]) reply(m);
      else (queued[m.name] = queued[m.name] || []).push(m);
    } else if (m.__gapiStub === 'reply') {
      var cb = pending[m.id];
      delete pending[m.id];
      if (cb) cb(m.result);
    }
  });
  function endpoint(target) {
    return {
      register: function (name, handler) {
        handlers[name] = handler;
        (queued[name] || []).forEach(reply);
        delete queued[name];
      },
      send: function (name, data, cb) {
        var id = 'm' + ++seq + '-' + Math.random();
        pending[id] = cb;
        target().postMessage({ __gapiStub: 'send', name: name, data: data, id: id }, '*');
      },
    };
  }
  var gapi = (window.gapi = window.gapi || {});
  gapi.load = function (_name, opts) {
    setTimeout(function () { (typeof opts === 'function' ? opts : opts.callback)(); }, 0);
  };
  gapi.iframes = {
    CROSS_ORIGIN_IFRAMES_FILTER: function () { return true; },
    Iframe: function () {},
    getContext: function () {
      return {
        open: function (opts, cb) {
          var el = document.createElement('iframe');
          el.src = opts.url;
          el.style.cssText = 'position:absolute;width:1px;height:1px;left:-100px;top:-100px;border:0';
          var loaded = new Promise(function (res) { el.addEventListener('load', res); });
          (opts.where || document.body).appendChild(el);
          var ep = endpoint(function () { return el.contentWindow; });
          ep.restyle = function () { return Promise.resolve(); };
          ep.ping = function (done) { return loaded.then(function () { if (done) done(); }); };
          return Promise.resolve(cb ? cb(ep) : ep);
        },
        getParentIframe: function () { return endpoint(function () { return window.parent; }); },
      };
    },
  };
  var cs = document.currentScript;
  var onload = cs && new URL(cs.src).searchParams.get('onload');
  setTimeout(function () {
    if (onload && window[onload]) window[onload]();
    else if (window.gapi_onload) window.gapi_onload();
  }, 0);
})();
