/* The preview page's script (view.html): a file of its own, as the page's CSP allows no inline script. */
(function () {
  var zh = !/^en\b/i.test(navigator.language || '');
  var t = zh
    ? {
        refused: '只能预览本站的文件。',
        unsupported: '该文件无法预览，请下载后查看。',
        failed: '文件加载失败，请稍后重试。',
        open: '打开原文件',
      }
    : {
        refused: 'Only files of this site can be previewed.',
        unsupported: 'This file cannot be previewed. Download it to open it.',
        failed: 'The file could not be loaded. Please try again later.',
        open: 'Open original',
      };
  document.documentElement.lang = zh ? 'zh-Hans' : 'en';
  var main = document.getElementById('main');
  function note(text) {
    var p = document.createElement('p');
    p.className = 'note';
    p.textContent = text;
    main.replaceChildren(p);
  }

  var raw = new URLSearchParams(location.search).get('src') || '';
  var url;
  try {
    url = new URL(raw, location.href);
  } catch {
    url = null;
  }
  if (
    !url ||
    url.origin !== location.origin ||
    !/^\/(storage|static)\//.test(url.pathname) ||
    url.pathname.indexOf('..') >= 0
  ) {
    note(t.refused);
    return;
  }
  var name = decodeURIComponent(url.pathname.split('/').pop() || '');
  document.getElementById('name').textContent = name;
  document.title = name;
  var open = document.getElementById('open');
  open.href = url.href;
  open.textContent = t.open;
  open.hidden = false;

  var ext = (name.split('.').pop() || '').toLowerCase();
  var el;
  if (/^(png|jpe?g|gif|webp|bmp|ico)$/.test(ext)) {
    el = document.createElement('img');
    el.alt = name;
  } else if (/^(mp3|m4a|aac|wav|ogg|oga|amr)$/.test(ext)) {
    el = document.createElement('audio');
    el.controls = true;
  } else if (/^(mp4|webm|mov|m4v|ogv)$/.test(ext)) {
    el = document.createElement('video');
    el.controls = true;
    el.playsInline = true;
  } else if (ext === 'pdf') {
    el = document.createElement('iframe');
    el.title = name;
  } else if (ext === 'txt') {
    fetch(url.href, { credentials: 'omit' })
      .then(function (r) {
        if (!r.ok) throw new Error(String(r.status));
        return r.text();
      })
      .then(function (text) {
        var pre = document.createElement('pre');
        pre.textContent = text;
        main.replaceChildren(pre);
      })
      .catch(function () {
        note(t.failed);
      });
    return;
  } else {
    note(t.unsupported);
    return;
  }
  el.onerror = function () {
    note(t.failed);
  };
  el.src = url.href;
  main.replaceChildren(el);
})();
