// Loaded by the prerendered pages (scripts/prerender.mjs) instead of the app's entry script: the page is already on
// screen, so the app's scripts (and the manifest) are requested, all at once, only once the browser has reported the
// page's first paint.
// They never share the first paint's bandwidth, on a slow line, with the page's own styles and fonts
// (docs/decisions/0017-first-load.md).
(function () {
  var current = document.currentScript;
  var entry = current && current.getAttribute('data-entry');
  if (!entry) return;
  var preloads = (current.getAttribute('data-preload') || '').split(' ').filter(Boolean);
  var manifest = current.getAttribute('data-manifest');
  // Code the page does not need to become interactive (its dialogs): fetched into the cache once the app has taken the
  // page over, so that it never competes with what the page runs first.
  var prefetches = (current.getAttribute('data-prefetch') || '').split(' ').filter(Boolean);
  // A form sent before the app has taken the page over is held, not sent by the browser (its fields would travel in
  // the address), and sent by the app once it has (src/lib/prerender-carry.ts).
  var root = document.getElementById('root');
  document.addEventListener(
    'submit',
    function (event) {
      if (document.documentElement.getAttribute('data-app') === 'live' || !root) return;
      event.preventDefault();
      var forms = Array.prototype.slice.call(root.querySelectorAll('form'));
      root.setAttribute('data-pending-submit', String(forms.indexOf(event.target)));
    },
    true,
  );
  var isStarted = false;
  // One link a task, the entry script in a task of its own: adding one costs a slow phone a few milliseconds (3-6 ms
  // each on a slow host, unthrottled), and three in one task already made a task a slow phone counts as blocking.
  var PER_TASK = 1;
  function preloadFrom(index) {
    preloads.slice(index, index + PER_TASK).forEach(function (href) {
      var link = document.createElement('link');
      link.rel = 'modulepreload';
      link.crossOrigin = '';
      link.href = href;
      document.head.appendChild(link);
    });
    if (index + PER_TASK < preloads.length) setTimeout(preloadFrom, 0, index + PER_TASK);
  }
  function prefetchFrom(index) {
    var href = prefetches[index];
    if (!href) return;
    var link = document.createElement('link');
    link.rel = 'prefetch';
    link.as = 'script';
    link.crossOrigin = '';
    link.href = href;
    document.head.appendChild(link);
    setTimeout(prefetchFrom, 0, index + 1);
  }
  function prefetchOnceLive() {
    var html = document.documentElement;
    if (html.getAttribute('data-app') === 'live') return setTimeout(prefetchFrom, 0, 0);
    new MutationObserver(function (records, observer) {
      if (html.getAttribute('data-app') !== 'live') return;
      observer.disconnect();
      setTimeout(prefetchFrom, 0, 0);
    }).observe(html, { attributes: true, attributeFilter: ['data-app'] });
  }
  function start() {
    if (isStarted) return;
    isStarted = true;
    if (prefetches.length > 0) prefetchOnceLive();
    var script = document.createElement('script');
    script.type = 'module';
    script.crossOrigin = '';
    script.src = entry;
    document.head.appendChild(script);
    setTimeout(preloadFrom, 0, 0);
    if (manifest) {
      var manifestLink = document.createElement('link');
      manifestLink.rel = 'manifest';
      manifestLink.href = manifest;
      document.head.appendChild(manifestLink);
    }
  }
  var types = (window.PerformanceObserver && PerformanceObserver.supportedEntryTypes) || [];
  if (types.indexOf('paint') < 0) {
    requestAnimationFrame(function () {
      setTimeout(start, 0);
    });
    return;
  }
  new PerformanceObserver(function (list, observer) {
    if (list.getEntriesByName('first-contentful-paint').length === 0) return;
    observer.disconnect();
    setTimeout(start, 0);
  }).observe({ type: 'paint', buffered: true });
  // A page that is not painted (opened in the background) still starts, a little later or once it is shown.
  setTimeout(start, 1500);
  document.addEventListener('visibilitychange', function () {
    if (document.visibilityState === 'visible') setTimeout(start, 500);
  });
})();
