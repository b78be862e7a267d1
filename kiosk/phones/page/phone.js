/* The phone page of one seat: shows the seat's view of the match and sends its moves.
 *
 * One WebSocket to /ws/<token> (the token is the last segment of this page's path).
 * The page first says {"type": "hello", device}: the device secret this browser keeps (made
 * once, kept in localStorage), which binds the seat to this phone; every later message
 * carries it too. The server sends "table" (the whole seat's state), "refused" (a move was
 * not taken), "taken" (another phone holds this seat) and "gone" (this link no longer
 * works); the page sends {"type": "play", key, move, device}.
 * Plain ES2017, no libraries, no build step.
 */
'use strict';

(function () {
  var BACKOFF_FIRST = 500;       // ms before the first reconnect, doubling ...
  var BACKOFF_MOST = 5000;       // ... up to this
  var CONNECT_TIMEOUT = 10000;   // a socket still opening after this is given up and retried
  var MAX_DIGITS = 9;            // longest amount the pad takes
  var LOG_KEEP = 40;             // log lines kept on the page (the box scrolls)
  var MASK = '\u2022\u2022\u2022';

  function byId(id) { return document.getElementById(id); }

  var el = {
    you: byId('you'),
    status: byId('status'),
    gone: byId('gone'),
    refused: byId('refused'),
    over: byId('over'),
    roundResult: byId('round-result'),
    roundResultTitle: byId('round-result-title'),
    roundResultLines: byId('round-result-lines'),
    roundResultOk: byId('round-result-ok'),
    result: byId('result'),
    privateBox: byId('private-box'),
    privateToggle: byId('private-toggle'),
    privateText: byId('private'),
    privateCover: byId('private-cover'),
    waiting: byId('waiting'),
    turn: byId('turn'),
    moves: byId('moves'),
    tableBox: byId('table-box'),
    lines: byId('lines'),
    logBox: byId('log-box'),
    log: byId('log'),
    build: byId('build'),
    buildLot: byId('build-lot'),
    buildState: byId('build-state'),
    buildCanvas: byId('build-canvas'),
    buildMessage: byId('build-message'),
    buildShelf: byId('build-shelf'),
  };

  function tokenFromPath() {
    var parts = location.pathname.split('/').filter(function (p) { return p !== ''; });
    return parts.length ? parts[parts.length - 1] : '';
  }

  // This browser's own secret: the seat's link works on the phone that opened it first.
  // Kept in localStorage (sessionStorage, then memory, where a private window refuses it).
  function deviceSecret() {
    var name = 'tokyo-kiosk-device';
    var stores = [];
    try { stores.push(window.localStorage); } catch (e) { /* refused */ }
    try { stores.push(window.sessionStorage); } catch (e) { /* refused */ }
    for (var i = 0; i < stores.length; i++) {
      try {
        var kept = stores[i] && stores[i].getItem(name);
        if (kept && /^[0-9a-f]{32}$/.test(kept)) return kept;
      } catch (e) { /* refused */ }
    }
    var bytes = new Uint8Array(16);
    window.crypto.getRandomValues(bytes);
    var made = Array.prototype.map.call(bytes, function (b) { return (b + 256).toString(16).slice(1); }).join('');
    for (var j = 0; j < stores.length; j++) {
      try { if (stores[j]) { stores[j].setItem(name, made); break; } } catch (e) { /* refused: next */ }
    }
    return made;
  }

  var state = {
    token: tokenFromPath(),
    device: deviceSecret(),
    ws: null,
    open: false,          // the socket is open
    table: null,          // the last "table" message
    pending: false,       // a play was sent; waiting for "table" or "refused"
    justPlayed: false,    // clear the pads when the next table comes
    gone: false,
    delay: BACKOFF_FIRST,
    retryTimer: null,
    connectTimer: null,
    pads: {},             // amount group -> {digits: '', shown: false, message: ''}
    privateShown: false,
    resultSeen: null,     // the number of the last phase result this player closed
    movesSig: null,       // what the move buttons were last built from
  };

  /* ---------- words ---------- */

  function yen(n) {
    var neg = n < 0;
    var parts = String(Math.abs(n)).split('.');
    parts[0] = parts[0].replace(/\B(?=(\d{3})+(?!\d))/g, ',');
    return (neg ? '-' : '') + '\u00a5' + parts.join('.');
  }

  function setStatus(text, kind) {
    el.status.textContent = text;
    el.status.className = 'status ' + kind;
    document.body.classList.toggle('offline', kind === 'reconnecting' || kind === 'connecting');
  }

  function show(node, on) { node.hidden = !on; }

  function clear(node) { while (node.firstChild) node.removeChild(node.firstChild); }

  function make(tag, cls, text) {
    var n = document.createElement(tag);
    if (cls) n.className = cls;
    if (text !== undefined && text !== null) n.textContent = text;
    return n;
  }

  function asText(v) {
    if (v === null || v === undefined) return '';
    if (typeof v === 'string') return v;
    if (typeof v === 'number' || typeof v === 'boolean') return String(v);
    if (Array.isArray(v)) return v.map(asText).filter(Boolean).join('\n');
    if (typeof v === 'object') {
      var keys = ['text', 'summary', 'message', 'reason'];
      for (var i = 0; i < keys.length; i++) {
        if (typeof v[keys[i]] === 'string') return v[keys[i]];
      }
      if (Array.isArray(v.lines)) return asText(v.lines);
      return Object.keys(v).map(function (k) { return k + ': ' + asText(v[k]); }).join('\n');
    }
    return String(v);
  }

  function list(v) {
    if (v === null || v === undefined) return [];
    return Array.isArray(v) ? v : [v];
  }

  /* ---------- connection ---------- */

  function wsUrl() {
    var proto = location.protocol === 'https:' ? 'wss:' : 'ws:';
    return proto + '//' + location.host + '/ws/' + state.token;
  }

  function clearTimers() {
    if (state.retryTimer) { clearTimeout(state.retryTimer); state.retryTimer = null; }
    if (state.connectTimer) { clearTimeout(state.connectTimer); state.connectTimer = null; }
  }

  function connect() {
    if (state.gone) return;
    clearTimers();
    if (state.ws) return;
    if (!state.token) {
      goneNow('This page has no seat in its link. Scan the code on the kiosk\'s screen again.');
      return;
    }
    setStatus(state.table ? 'Reconnecting\u2026' : 'Connecting\u2026',
              state.table ? 'reconnecting' : 'connecting');
    var ws;
    try {
      ws = new WebSocket(wsUrl());
    } catch (e) {
      scheduleReconnect();
      return;
    }
    state.ws = ws;
    state.connectTimer = setTimeout(function () { drop(ws); }, CONNECT_TIMEOUT);
    ws.onopen = function () {
      if (ws !== state.ws) return;
      if (state.connectTimer) { clearTimeout(state.connectTimer); state.connectTimer = null; }
      state.open = true;
      try { ws.send(JSON.stringify({ type: 'hello', device: state.device })); } catch (e) { drop(ws); return; }
      // the server sends the table next; until then the moves stay off
      updateEnabled();
    };
    ws.onmessage = function (ev) {
      if (ws !== state.ws) return;
      var msg;
      try { msg = JSON.parse(ev.data); } catch (e) { return; }
      if (msg && typeof msg === 'object') handle(msg);
    };
    ws.onerror = function () { /* a close follows */ };
    ws.onclose = function () { drop(ws); };
  }

  // This socket is finished with (closed, failed, or took too long): retry unless gone.
  function drop(ws) {
    if (ws !== state.ws) return;
    state.ws = null;
    state.open = false;
    ws.onopen = ws.onmessage = ws.onerror = ws.onclose = null;
    try { ws.close(); } catch (e) { /* already closed */ }
    if (state.connectTimer) { clearTimeout(state.connectTimer); state.connectTimer = null; }
    if (state.gone) return;
    setStatus('Reconnecting\u2026', 'reconnecting');
    updateEnabled();
    scheduleReconnect();
  }

  function scheduleReconnect() {
    if (state.gone || state.retryTimer) return;
    var wait = state.delay;
    state.delay = Math.min(state.delay * 2, BACKOFF_MOST);
    state.retryTimer = setTimeout(function () {
      state.retryTimer = null;
      connect();
    }, wait);
  }

  // The phone woke up or found its network again: don't wait out the backoff.
  function reconnectSoon() {
    if (state.gone || state.ws) return;
    state.delay = BACKOFF_FIRST;
    connect();
  }

  function send(key, amount) {
    if (state.pending || !state.open || !state.ws || !state.table || state.gone) return;
    var message = { type: 'play', key: key, move: state.table.move, device: state.device };
    if (amount !== undefined) message.amount = amount;
    try {
      state.ws.send(JSON.stringify(message));
    } catch (e) {
      return;
    }
    state.pending = true;
    state.justPlayed = true;
    updateEnabled();
  }

  /* ---------- messages ---------- */

  function handle(msg) {
    if (msg.type === 'table') {
      state.table = msg;
      state.pending = false;
      state.delay = BACKOFF_FIRST;
      if (state.justPlayed || !msg.your_turn || msg.over) resetPads();
      state.justPlayed = false;
      show(el.refused, false);
      setStatus('Connected', 'connected');
      render();
    } else if (msg.type === 'refused') {
      state.pending = false;
      state.justPlayed = false;
      showRefused(msg.reason);
      updateEnabled();
    } else if (msg.type === 'gone') {
      goneNow(msg.reason);
    } else if (msg.type === 'taken') {
      goneNow(msg.reason, 'This seat is on another phone',
              'If it is your seat, ask the kiosk\'s operator to give it a new code.');
    }
  }

  function showRefused(reason) {
    clear(el.refused);
    el.refused.appendChild(make('strong', 'banner-head', 'That move was not accepted'));
    el.refused.appendChild(make('p', 'banner-text', asText(reason) || 'Please choose again.'));
    show(el.refused, true);
    el.refused.scrollIntoView({ block: 'nearest' });
  }

  function goneNow(reason, head, hint) {
    state.gone = true;
    state.pending = false;
    clearTimers();
    var ws = state.ws;
    state.ws = null;
    state.open = false;
    if (ws) {
      ws.onopen = ws.onmessage = ws.onerror = ws.onclose = null;
      try { ws.close(); } catch (e) { /* already closed */ }
    }
    // Nothing of this seat stays on screen: the seat may be someone else's now.
    state.table = null;
    state.privateShown = false;
    [el.refused, el.over, el.privateBox, el.waiting, el.turn, el.tableBox, el.logBox]
      .forEach(function (n) { show(n, false); });
    clear(el.moves);
    clear(el.privateText);
    state.movesSig = null;
    clear(el.gone);
    el.gone.appendChild(make('strong', 'banner-head', head || 'This link no longer works'));
    el.gone.appendChild(make('p', 'banner-text', asText(reason) || 'This seat has closed.'));
    el.gone.appendChild(make('p', 'banner-text small',
      hint || 'To play again, scan the code on the kiosk\'s screen.'));
    show(el.gone, true);
    setStatus('Closed', 'closed');
    document.body.classList.add('is-gone');
  }

  /* ---------- drawing ---------- */

  function render() {
    var t = state.table;
    if (!t) return;
    var who = t.you ? String(t.you) : 'Your seat';
    el.you.textContent = t.game ? who + ' \u2014 ' + t.game : who;
    document.title = el.you.textContent;

    // the public table, one line a seat
    clear(el.lines);
    list(t.lines).forEach(function (line, i) {
      var li = make('li', 'line', asText(line));
      if (i === t.seat) li.classList.add('mine');
      el.lines.appendChild(li);
    });
    show(el.tableBox, list(t.lines).length > 0);

    // only this seat
    clear(el.privateText);
    var priv = list(t.private);
    if (priv.length) {
      priv.forEach(function (p) { el.privateText.appendChild(make('p', null, asText(p))); });
    } else {
      el.privateText.appendChild(make('p', 'muted', 'Nothing secret right now.'));
    }
    show(el.privateBox, true);
    drawPrivate();

    // recent events, newest last
    clear(el.log);
    var log = list(t.log).slice(-LOG_KEEP);
    log.forEach(function (line) { el.log.appendChild(make('li', null, asText(line))); });
    show(el.logBox, log.length > 0);
    el.log.scrollTop = el.log.scrollHeight;

    drawRoundResult(t.round_result);

    if (t.over) {
      clear(el.result);
      asText(t.result).split('\n').filter(Boolean).forEach(function (line) {
        el.result.appendChild(make('p', null, line));
      });
      show(el.over, true);
      show(el.waiting, false);
      show(el.turn, false);
      clear(el.moves);
      state.movesSig = null;
    } else if (!t.your_turn) {
      show(el.over, false);
      el.waiting.textContent = t.waiting ? asText(t.waiting) : 'Waiting for the other players';
      show(el.waiting, true);
      show(el.turn, false);
      clear(el.moves);
      state.movesSig = null;
    } else if (t.build) {
      show(el.over, false);
      show(el.waiting, false);
      show(el.turn, false);
      clear(el.moves);
      state.movesSig = null;
    } else {
      show(el.over, false);
      show(el.waiting, false);
      show(el.turn, true);
      drawMoves();
    }
    drawBuild();
    updateEnabled();
  }

  /* A phase that ended (a building round, the bids): shown until its player taps OK. */
  function drawRoundResult(r) {
    var fresh = r && r.number !== state.resultSeen;
    show(el.roundResult, !!fresh);
    if (!fresh) return;
    el.roundResultTitle.textContent = asText(r.title);
    clear(el.roundResultLines);
    list(r.lines).forEach(function (line) { el.roundResultLines.appendChild(make('p', null, asText(line))); });
  }

  el.roundResultOk.addEventListener('click', function () {
    var r = state.table && state.table.round_result;
    if (r) state.resultSeen = r.number;
    show(el.roundResult, false);
  });

  /* ---------- building (the kiosk keeps the bench; this page draws it and sends the finger) ---------- */

  function sendBuild(what) {
    if (!state.open || !state.ws || state.gone) return;
    what.type = 'build';
    what.device = state.device;
    try { state.ws.send(JSON.stringify(what)); } catch (e) { /* reconnecting */ }
  }

  function drawBuild() {
    var t = state.table;
    var b = t && !t.over && t.your_turn ? t.build : null;
    show(el.build, !!b);
    if (!b) { state.shelfSig = null; return; }
    var one = !!b.lot_build;      // one piece on a chosen lot: set down, or back; no Stop!
    el.build.querySelectorAll('.build-do').forEach(function (btn) {
      var only = { stop: !one, give_up: !one, take_back: !one, cancel: one, outline: !!b.outlines_to_choose };
      if (btn.dataset.do in only) show(btn, only[btn.dataset.do]);
    });
    el.buildLot.textContent = asText(b.lot);
    el.buildState.textContent = asText(b.state) + ' · ' + asText(b.clock);
    el.buildMessage.textContent = asText(b.message);
    var sig = JSON.stringify(b.shelf);
    if (sig !== state.shelfSig) {
      state.shelfSig = sig;
      clear(el.buildShelf);
      list(b.shelf).forEach(function (entry) {
        var btn = make('button', 'build-piece', asText(entry[1]) + ' ×' + entry[2]);
        btn.type = 'button';
        btn.dataset.piece = String(entry[0]);
        el.buildShelf.appendChild(btn);
      });
    }
    paint(b);
  }

  function view(b) {
    var c = el.buildCanvas, ratio = window.devicePixelRatio || 1;
    var w = c.clientWidth, h = c.clientHeight;
    if (c.width !== Math.round(w * ratio) || c.height !== Math.round(h * ratio)) {
      c.width = Math.round(w * ratio);
      c.height = Math.round(h * ratio);
    }
    var e = b.extent, mmW = e[2] - e[0], mmH = e[3] - e[1];
    var scale = Math.min(w / mmW, h / mmH);
    var left = (w - mmW * scale) / 2, bottom = h - (h - mmH * scale) / 2;
    return {
      ratio: ratio, scale: scale,
      x: function (mm) { return left + (mm - e[0]) * scale; },
      y: function (mm) { return bottom - (mm - e[1]) * scale; },
      mmX: function (px) { return (px - left) / scale + e[0]; },
      mmY: function (px) { return (bottom - px) / scale + e[1]; },
    };
  }

  function polygon(ctx, v, points) {
    ctx.beginPath();
    points.forEach(function (p, i) {
      if (i === 0) ctx.moveTo(v.x(p[0]), v.y(p[1])); else ctx.lineTo(v.x(p[0]), v.y(p[1]));
    });
    ctx.closePath();
  }

  function paint(b) {
    var v = view(b), ctx = el.buildCanvas.getContext('2d');
    ctx.setTransform(v.ratio, 0, 0, v.ratio, 0, 0);
    ctx.clearRect(0, 0, el.buildCanvas.width, el.buildCanvas.height);
    ctx.fillStyle = '#b08a5a';                                  // the card, lying on the table
    ctx.fillRect(v.x(0), v.y(0), (v.x(b.card) - v.x(0)), 4);
    ctx.fillStyle = '#2e7d4f';                                  // the lot outline across it
    list(b.outlines).forEach(function (o) { ctx.fillRect(v.x(o[0]), v.y(0) - 3, v.x(o[1]) - v.x(o[0]), 3); });
    var wood = ['#c8a06a', '#a87c4f', '#d9b98a', '#8f6a44'];
    list(b.pieces).forEach(function (parts, i) {
      ctx.fillStyle = wood[i % wood.length];
      ctx.strokeStyle = '#3b2a1a';
      list(parts).forEach(function (p) { polygon(ctx, v, p); ctx.fill(); ctx.stroke(); });
    });
    ctx.setLineDash([4, 3]);
    ctx.strokeStyle = '#1a5fb4';
    list(b.landing).forEach(function (p) { polygon(ctx, v, p); ctx.stroke(); });
    ctx.setLineDash([]);
    ctx.fillStyle = 'rgba(26, 95, 180, 0.55)';
    list(b.held).forEach(function (p) { polygon(ctx, v, p); ctx.fill(); });
  }

  var drag = { on: false, last: 0, timer: null, x: 0, y: 0 };

  function fingerAt(ev) {
    var t = state.table, b = t && t.build;
    if (!b || !b.holding) return;
    var rect = el.buildCanvas.getBoundingClientRect(), v = view(b);
    // the finger holds the piece by its middle: the kiosk's bench takes the middle (mm)
    drag.x = Math.round(v.mmX(ev.clientX - rect.left) * 10) / 10;
    drag.y = Math.round(v.mmY(ev.clientY - rect.top) * 10) / 10;
    var now = Date.now();
    if (now - drag.last >= 80) {
      drag.last = now;
      sendBuild({ do: 'move', x: drag.x, y: drag.y });
    } else if (!drag.timer) {
      drag.timer = setTimeout(function () {
        drag.timer = null;
        drag.last = Date.now();
        sendBuild({ do: 'move', x: drag.x, y: drag.y });
      }, 80);
    }
  }

  el.buildCanvas.addEventListener('pointerdown', function (ev) {
    drag.on = true;
    try { el.buildCanvas.setPointerCapture(ev.pointerId); } catch (e) { /* not captured: fine */ }
    fingerAt(ev);
  });
  el.buildCanvas.addEventListener('pointermove', function (ev) { if (drag.on) fingerAt(ev); });
  el.buildCanvas.addEventListener('pointerup', function (ev) { if (drag.on) { drag.on = false; fingerAt(ev); } });
  el.buildCanvas.addEventListener('pointercancel', function () { drag.on = false; });

  el.build.addEventListener('click', function (ev) {
    var button = ev.target.closest ? ev.target.closest('button') : null;
    if (!button || !el.build.contains(button)) return;
    if (button.dataset.piece) sendBuild({ do: 'pick', piece: button.dataset.piece });
    else if (button.dataset.do) sendBuild({ do: button.dataset.do });
  });
  window.addEventListener('resize', function () { if (state.table && state.table.build) drawBuild(); });

  function drawPrivate() {
    var on = state.privateShown;
    show(el.privateText, on);
    show(el.privateCover, !on);
    el.privateToggle.textContent = on ? 'Hide' : 'Tap to show';
    el.privateToggle.setAttribute('aria-expanded', on ? 'true' : 'false');
  }

  function drawMoves() {
    var t = state.table;
    var actions = list(t.actions);
    var amounts = list(t.amounts);
    var sig = JSON.stringify([actions, amounts]);
    if (sig === state.movesSig && el.moves.firstChild) {
      amounts.forEach(function (a) { drawPad(String(a.group)); });
      return;  // same moves as shown: keep the buttons under the player's finger
    }
    state.movesSig = sig;
    clear(el.moves);

    // action groups in order of first appearance
    var order = [];
    var byGroup = {};
    actions.forEach(function (a) {
      var g = a.group === undefined || a.group === null ? '' : String(a.group);
      if (!byGroup[g]) { byGroup[g] = []; order.push(g); }
      byGroup[g].push(a);
    });
    var padGroups = {};
    amounts.forEach(function (a) { padGroups[String(a.group)] = true; });

    // button groups first (they are short); a group named like a pad goes under that pad
    order.forEach(function (g) {
      if (padGroups[g]) return;
      el.moves.appendChild(buttonGroup(g, byGroup[g]));
    });
    amounts.forEach(function (a) {
      var g = String(a.group);
      var pad = buildPad(a);
      el.moves.appendChild(pad);
      if (byGroup[g]) pad.appendChild(buttonGroup('', byGroup[g]));
    });
    if (!el.moves.firstChild) {
      el.moves.appendChild(make('p', 'muted', 'There is nothing to choose right now.'));
    }
  }

  function buttonGroup(name, actions) {
    var box = make('div', 'group');
    if (name) {
      box.dataset.group = name;
      box.appendChild(make('h3', 'group-head', name));
    }
    var row = make('div', 'buttons');
    actions.forEach(function (a) {
      var b = make('button', 'move', asText(a.text) || 'Choose');
      b.type = 'button';
      b.dataset.key = String(a.key);
      row.appendChild(b);
    });
    box.appendChild(row);
    return box;
  }

  /* ---------- number pads ---------- */

  function padState(group) {
    if (!state.pads[group]) state.pads[group] = { digits: '', shown: false, message: '' };
    return state.pads[group];
  }

  function resetPads() {
    Object.keys(state.pads).forEach(function (g) {
      state.pads[g] = { digits: '', shown: false, message: '' };
    });
  }

  function findAmount(group) {
    var t = state.table;
    if (!t) return null;
    var amounts = list(t.amounts);
    for (var i = 0; i < amounts.length; i++) {
      if (String(amounts[i].group) === group) return amounts[i];
    }
    return null;
  }

  function padNode(group) {
    var pads = el.moves.querySelectorAll('.pad');
    for (var i = 0; i < pads.length; i++) {
      if (pads[i].dataset.group === group) return pads[i];
    }
    return null;
  }

  function buildPad(amount) {
    var group = String(amount.group);
    var pad = make('section', 'pad');
    pad.dataset.group = group;
    pad.appendChild(make('h3', 'group-head', asText(amount.label) || group));

    var top = make('div', 'pad-top');
    var display = make('output', 'pad-display');
    display.setAttribute('aria-label', 'Amount typed');
    top.appendChild(display);
    var eye = make('button', 'eye');
    eye.type = 'button';
    top.appendChild(eye);
    pad.appendChild(top);

    var keys = make('div', 'pad-keys');
    ['1', '2', '3', '4', '5', '6', '7', '8', '9'].forEach(function (d) {
      keys.appendChild(padKey('digit', d, d));
    });
    var back = padKey('back', '\u232b', null);
    back.setAttribute('aria-label', 'Delete last digit');
    keys.appendChild(back);
    keys.appendChild(padKey('digit', '0', '0'));
    keys.appendChild(padKey('ok', 'OK', null));
    pad.appendChild(keys);

    var message = make('p', 'pad-message');
    message.setAttribute('role', 'status');
    message.setAttribute('aria-live', 'polite');
    pad.appendChild(message);

    drawPad(group, pad);
    return pad;
  }

  function padKey(kind, text, digit) {
    var b = make('button', 'key ' + kind, text);
    b.type = 'button';
    if (digit !== null) b.dataset.digit = digit;
    return b;
  }

  function drawPad(group, pad) {
    pad = pad || padNode(group);
    if (!pad) return;
    var s = padState(group);
    var display = pad.querySelector('.pad-display');
    var eye = pad.querySelector('.eye');
    var message = pad.querySelector('.pad-message');
    if (!s.digits) {
      display.textContent = 'Type an amount';
      display.classList.add('empty');
    } else {
      display.textContent = s.shown ? yen(Number(s.digits)) : MASK;
      display.classList.remove('empty');
    }
    display.classList.toggle('masked', !s.shown);
    eye.textContent = s.shown ? 'Hide' : 'Show';
    eye.setAttribute('aria-pressed', s.shown ? 'true' : 'false');
    eye.setAttribute('aria-label', s.shown ? 'Hide the amount' : 'Show the amount');
    message.textContent = s.message;
    show(message, !!s.message);
  }

  function tapPad(pad, button) {
    var group = pad.dataset.group;
    var s = padState(group);
    if (button.classList.contains('eye')) {
      s.shown = !s.shown;
    } else if (button.classList.contains('digit')) {
      var d = button.dataset.digit;
      if (s.digits === '0') s.digits = d;
      else if (s.digits.length < MAX_DIGITS) s.digits += d;
      s.message = '';
      pulse(pad);
    } else if (button.classList.contains('back')) {
      s.digits = s.digits.slice(0, -1);
      s.message = '';
      pulse(pad);
    } else if (button.classList.contains('ok')) {
      choose(group, s);
    }
    drawPad(group, pad);
  }

  function choose(group, s) {
    var amount = findAmount(group);
    if (amount && amount.range) {       // any amount in a range (a price said aloud)
      if (!s.digits) {
        s.message = 'Type an amount first.';
        return;
      }
      var said = Number(s.digits), r = list(amount.range);
      if (said < r[0] || said > r[1] || (said - r[0]) % r[2] !== 0) {
        s.message = yen(said) + ' is not possible here: a multiple of ' + yen(r[2]) + ' from ' + yen(r[0]) +
          ' to ' + yen(r[1]);
        return;
      }
      s.message = '';
      send(String(amount.key), said);
      return;
    }
    var choices = amount ? list(amount.choices) : [];
    if (!choices.length) {
      s.message = 'No amount is possible right now.';
      return;
    }
    if (!s.digits) {
      s.message = 'Type an amount first.';
      return;
    }
    var n = Number(s.digits);
    for (var i = 0; i < choices.length; i++) {
      if (Number(choices[i][0]) === n) {
        s.message = '';
        send(String(choices[i][1]));
        return;
      }
    }
    var values = choices.map(function (c) { return Number(c[0]); });
    var low = Math.min.apply(null, values);
    var high = Math.max.apply(null, values);
    s.message = yen(n) + ' is not possible here: choose from ' + yen(low) + ' to ' + yen(high);
  }

  // a small flash on each key, so a masked display still answers the finger
  function pulse(pad) {
    var display = pad.querySelector('.pad-display');
    display.classList.remove('pulse');
    void display.offsetWidth;
    display.classList.add('pulse');
  }

  function updateEnabled() {
    var off = state.pending || !state.open || state.gone;
    var buttons = el.moves.querySelectorAll('button');
    for (var i = 0; i < buttons.length; i++) {
      if (buttons[i].classList.contains('eye')) continue;  // showing digits is not a move
      buttons[i].disabled = off;
    }
    el.turn.classList.toggle('pending', state.pending);
    el.turn.setAttribute('aria-busy', state.pending ? 'true' : 'false');
  }

  /* ---------- events ---------- */

  el.moves.addEventListener('click', function (ev) {
    var button = ev.target.closest ? ev.target.closest('button') : null;
    if (!button || button.disabled || !el.moves.contains(button)) return;
    var pad = button.closest('.pad');
    if (button.classList.contains('move')) {
      send(button.dataset.key);
    } else if (pad) {
      tapPad(pad, button);
    }
  });

  el.privateToggle.addEventListener('click', function () {
    state.privateShown = !state.privateShown;
    drawPrivate();
  });

  // Put down or switched away: hide what only this seat may see.
  function hideSecrets() {
    state.privateShown = false;
    drawPrivate();
    Object.keys(state.pads).forEach(function (g) {
      state.pads[g].shown = false;
      drawPad(g);
    });
  }

  document.addEventListener('visibilitychange', function () {
    if (document.visibilityState === 'hidden') hideSecrets();
    else reconnectSoon();
  });
  window.addEventListener('online', reconnectSoon);
  window.addEventListener('pageshow', function (ev) { if (ev.persisted) reconnectSoon(); });

  connect();
})();
