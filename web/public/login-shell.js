// The login page's file from the server (D85, web/build-login-shell.mjs) runs this in <head>, before the first paint.
// A stored session token marks <html> (the file's CSS then hides the server's page: the console sends a signed-in
// user on). The console's scripts are requested after the first frame, so the page paints without waiting for them;
// a signed-in visitor sees no page to wait for, so they are requested at once.
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
    if (signedIn) {
      // Never shown to them (the file's CSS): gone before the console draws its own page.
      var shell = document.getElementById('login-shell');
      if (shell) shell.remove();
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
