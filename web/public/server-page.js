// A page the server sends drawn (web/build-server-pages.mjs: the login page, D85; 'my service orders', D101) runs this
// in <head>, before the first paint. A stored session token marks <html> (`data-signed-in`), and the file's CSS then
// shows the server's page only to the visitor it is for (its `data-for`: signed-out or signed-in). For that visitor
// the console's scripts are requested after the first paint, so the page paints without waiting for them; any other
// visitor sees no page to wait for (the console sends them on), so they are requested at once.
//
// A page drawn for a signed-in visitor may list, in <meta name="onsite-early-requests">, what its console asks the api
// for first (D102): they are sent here, while the scripts load, and `window.onsiteEarlyRequests.take` hands each answer
// to the console's first identical request (src/lib/api/early-requests.ts). Not for staff acting for a customer: their
// requests carry the customer, which the page's list does not. When the answers show an empty list, the page's own
// drawing of it replaces the loading rows (D103).
(function () {
  var token = null;
  var actingFor = null;
  try {
    token = window.localStorage.getItem('onsite.token');
    actingFor = window.localStorage.getItem('onsite.onBehalfOf');
  } catch (error) {
    token = null;
  }
  var signedIn = token !== null;
  if (signedIn) document.documentElement.setAttribute('data-signed-in', '');

  var early = document.querySelector('meta[name="onsite-early-requests"]');
  if (signedIn && actingFor === null && early !== null && window.location.search === '' && typeof window.fetch === 'function') {
    var answers = {};
    var sent = JSON.parse(early.getAttribute('content')).map(function (request) {
      var body = JSON.stringify(request.body);
      var response = window.fetch('/api' + request.path, {
        method: 'POST',
        headers: { Accept: 'application/json', Authorization: 'Bearer ' + token, 'Content-Type': 'application/json' },
        body: body,
        credentials: 'same-origin',
      });
      // Taken by the console or never: a failure is its to see (it then asks again).
      response.catch(function () {});
      if (request.kind) answers[request.kind] = response;
      return { key: request.path + ' ' + body, response: response };
    });
    var sentAt = window.performance.now();
    // The console's first identical request (same path, body text and session) takes an answer, once, while the page
    // loads (10 s); any later one asks the api itself (src/lib/api/early-requests.ts).
    window['onsiteEarlyRequests'] = {
      take: function (path, bodyText, bearer) {
        var key = path + ' ' + bodyText;
        for (var i = 0; i < sent.length; i++) {
          if (sent[i].key === key && bearer === token) {
            var answer = sent.splice(i, 1)[0].response;
            return window.performance.now() - sentAt <= 10000 ? answer : undefined;
          }
        }
        return undefined;
      },
    };
    if (answers.profile && answers.list && answers['every-status']) {
      Promise.all(
        [answers.profile, answers.list, answers['every-status']].map(function (response) {
          // A copy: the answer itself is the console's to read.
          return response.then(function (answer) {
            return answer.ok ? answer.clone().json() : {};
          });
        }),
      ).then(
        function (bodies) {
          if (document.readyState === 'loading')
            document.addEventListener('DOMContentLoaded', function () {
              drawEmptyList(bodies);
            });
          else drawEmptyList(bodies);
        },
        function () {},
      );
    }
  }

  // An empty list is drawn as soon as the answers say so (D103): the page carries its <main> as the console draws it for
  // each kind of user with no order at all (the list and the same list over every status both empty; orders the status
  // filter hides are not drawn, as the console says how many). Not for a user the console sends elsewhere first (the
  // language of another country, agreements to accept), nor once the console has drawn its own page.
  function drawEmptyList(bodies) {
    var profile = bodies[0].data;
    var list = bodies[1].data;
    var everyStatus = bodies[2].data;
    var page = document.getElementById('server-page');
    if (!profile || !list || !everyStatus || list.total !== 0 || everyStatus.total !== 0 || !page) return;
    if (profile.blUser || !profile.acceptUserLicence || !profile.privacyPolicyAccepted) return;
    var key = profile.type + ' ' + profile.role;
    var main = page.querySelector('main');
    var drawings = page.querySelectorAll('template[data-when]');
    for (var i = 0; i < drawings.length; i++) {
      var drawing = drawings[i];
      if (
        main &&
        drawing.getAttribute('data-when').split(',').indexOf(key) >= 0 &&
        drawing.getAttribute('data-countries').split(' ').indexOf(profile.country) >= 0
      ) {
        main.innerHTML = drawing.innerHTML;
        return;
      }
    }
  }

  function listed(name) {
    var meta = document.querySelector('meta[name="' + name + '"]');
    var content = meta ? meta.getAttribute('content') : '';
    return content ? content.split(' ') : [];
  }

  // The entry's chunks, and for the visitor the page is for, the chunks of its route (D114): the console would ask for
  // them one by one once its entry ran, each preload added then costing the busy main thread more than here.
  function load(withRoute) {
    var urls = listed('onsite-scripts');
    urls
      .slice(1)
      .concat(withRoute ? listed('onsite-route-scripts') : [])
      .forEach(function (url) {
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
      load(false);
    } else {
      afterFirstPaint(function () {
        window.setTimeout(function () {
          load(true);
        }, 0);
      });
    }
  }

  // Once the page's first contentful paint is on screen, as the browser reports it: frames may run before the first
  // paint is shown (Chromium showed it 30–150 ms after two frames), and scripts requested then share the connection
  // with what the page is painting. Where paints are not reported, after two frames; in a hidden tab (nothing is
  // painted there), at once; and after a second at the latest.
  function afterFirstPaint(then) {
    var called = false;
    var go = function () {
      if (called) return;
      called = true;
      then();
    };
    if (document.visibilityState === 'hidden') return go();
    window.setTimeout(go, 1000);
    var types = window.PerformanceObserver && window.PerformanceObserver.supportedEntryTypes;
    if (types && types.indexOf('paint') >= 0) {
      var observer = new window.PerformanceObserver(function (list) {
        if (list.getEntriesByName('first-contentful-paint').length === 0) return;
        observer.disconnect();
        go();
      });
      observer.observe({ type: 'paint', buffered: true });
    } else {
      window.requestAnimationFrame(function () {
        window.requestAnimationFrame(go);
      });
    }
  }
  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', start);
  else start();
})();
