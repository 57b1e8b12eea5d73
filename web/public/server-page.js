// A page the server sends drawn (web/build-server-pages.mjs: the login page, D85; 'my service orders', D101) runs this
// in <head>, before the first paint. A stored session token marks <html> (`data-signed-in`), and the file's CSS then
// shows the server's page only to the visitor it is for (its `data-for`: signed-out or signed-in). For that visitor
// the console's scripts are requested after the first frame, so the page paints without waiting for them; any other
// visitor sees no page to wait for (the console sends them on), so they are requested at once.
(function () {
  var signedIn = false;
  try {
    signedIn = window.localStorage.getItem('onsite.token') !== null;
  } catch (error) {
    signedIn = false;
  }
  if (signedIn) document.documentElement.setAttribute('data-signed-in', '');

  function load() {
    var meta = document.querySelector('meta[name="onsite-scripts"]');
    var urls = meta ? meta.getAttribute('content').split(' ') : [];
    urls.slice(1).forEach(function (url) {
      var link = document.createElement('link');
      link.rel = 'modulepreload';
      link.crossOrigin = '';
      link.href = url;
      document.head.appendChild(link);
    });
    var entry = document.createElement('script');
    entry.type = 'module';
    entry.crossOrigin = '';
    entry.src = urls[0];
    document.head.appendChild(entry);
  }

  function start() {
    var page = document.getElementById('server-page');
    var forVisitor = page !== null && page.getAttribute('data-for') === (signedIn ? 'signed-in' : 'signed-out');
    if (!forVisitor) {
      // Never shown to them (the file's CSS): gone before the console draws its own page.
      if (page) page.remove();
      load();
    } else {
      // Two frames: the second's callback runs once the first, with the whole page parsed, has been drawn.
      window.requestAnimationFrame(function () {
        window.requestAnimationFrame(function () {
          window.setTimeout(load, 0);
        });
      });
    }
  }
  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', start);
  else start();
})();
