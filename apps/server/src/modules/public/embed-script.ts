import { EMBED_HEIGHT_MESSAGE, EMBED_PING_MESSAGE } from '@hirecast/domain/company-page-rules';

/**
 * Issue 15: /embed.js, the script a host page includes beside the iframe of the embed snippet
 * (`buildEmbedSnippet`). The embedded company page posts `{type: 'hirecast:height', height}` to its parent
 * whenever its height changes; this script sets that height on the iframe the message came from. It trusts
 * only messages from the origin it was itself loaded from, and asks each of our iframes for its height once it
 * runs (`{type: 'hirecast:ping'}`), in case the page's first message came before the script. Plain ES5: any
 * host page may include it.
 */
export const EMBED_SCRIPT = `(function () {
  'use strict';
  if (window.__hirecastEmbed) return;
  window.__hirecastEmbed = true;
  var script = document.currentScript;
  var origin;
  try {
    origin = new URL(script && script.src ? script.src : '', window.location.href).origin;
  } catch (e) {
    return;
  }
  function frames() {
    var all = document.getElementsByTagName('iframe');
    var ours = [];
    for (var i = 0; i < all.length; i++) {
      try {
        if (new URL(all[i].src, window.location.href).origin === origin) ours.push(all[i]);
      } catch (e) {}
    }
    return ours;
  }
  window.addEventListener('message', function (event) {
    var data = event.data;
    if (event.origin !== origin || !data || data.type !== ${JSON.stringify(EMBED_HEIGHT_MESSAGE)}) return;
    var height = Number(data.height);
    if (!isFinite(height) || height < 0) return;
    var list = frames();
    for (var i = 0; i < list.length; i++) {
      if (list[i].contentWindow === event.source) {
        list[i].style.height = Math.ceil(height) + 'px';
        list[i].setAttribute('height', String(Math.ceil(height)));
        list[i].setAttribute('scrolling', 'no');
      }
    }
  });
  function ping() {
    var list = frames();
    for (var i = 0; i < list.length; i++) {
      // '*': a frame still loading is about:blank, and a target origin it does not match yet is a console
      // error on the host page. The ping carries nothing; only our page answers it.
      if (list[i].contentWindow) list[i].contentWindow.postMessage({ type: ${JSON.stringify(EMBED_PING_MESSAGE)} }, '*');
    }
  }
  ping();
  if (document.readyState !== 'complete') window.addEventListener('load', ping);
})();
`;
