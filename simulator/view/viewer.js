(function () {
  "use strict";
  var data = JSON.parse(document.getElementById("deal-data").textContent);
  var steps = data.steps, at = 0;
  var SUIT = {S: "\u2660", H: "\u2665", D: "\u2666", C: "\u2663"};
  var SUIT_NAME = {S: "spades", H: "hearts", D: "diamonds", C: "clubs"};
  function el(tag, cls, text) {
    var e = document.createElement(tag);
    if (cls) e.className = cls;
    if (text !== undefined) e.textContent = text;
    return e;
  }
  function card(c, mark) {
    var s = c.slice(-1), r = c.slice(0, -1);
    var e = el("span", "card suit-" + s + (mark ? " " + mark : ""), r + SUIT[s]);
    e.setAttribute("aria-label", r + " of " + SUIT_NAME[s]);
    return e;
  }
  function cards(list, step) {
    var box = el("div", "cards");
    list.forEach(function (c) {
      var mark = c === step.played ? "played" : step.taken.indexOf(c) >= 0 ? "taken" : "";
      box.appendChild(card(c, mark));
    });
    return box;
  }
  function sideOf(seat) {
    for (var k = 0; k < data.sides.length; k++) if (data.sides[k].indexOf(seat) >= 0) return k;
    return -1;
  }
  function seatBox(s, step) {
    var box = el("div", "seat" + (step.actor === s ? " actor" : ""));
    box.id = "seat-" + s;
    var title = "seat " + s + " \u00b7 " + data.strategies[s];
    if (data.sides.length < data.players) title += " \u00b7 side " + sideOf(s);
    if (step.dealer === s) title += " \u00b7 dealer";
    box.appendChild(el("h3", "", title));
    var hand = step.hands[s];
    if (typeof hand === "number") {
      var backs = el("div", "cards");
      for (var i = 0; i < hand; i++) backs.appendChild(el("span", "card back", "?"));
      backs.setAttribute("aria-label", hand + " hidden cards");
      box.appendChild(backs);
    } else {
      box.appendChild(cards(hand, step));
    }
    if (data.game === "sueca")
      box.appendChild(el("div", "", "tricks " + step.tricks[s] + ", card points " + step.trick_points[s]));
    return box;
  }
  function centre(step) {
    var felt = el("div", "felt");
    felt.id = "centre";
    felt.appendChild(el("h3", "", data.game === "sueca" ? "trick" : data.game === "seep" ? "floor" : "table"));
    var row = el("div", "cards");
    if (data.game === "sueca") {
      step.trick.forEach(function (t) {
        var box = el("span", "trickseat");
        box.appendChild(card(t[1], t[1] === step.played ? "played" : ""));
        box.appendChild(el("div", "", "seat " + t[0]));
        row.appendChild(box);
      });
    } else {
      if (typeof step.centre === "number") {
        for (var i = 0; i < step.centre; i++) row.appendChild(el("span", "card back", "?"));
        row.setAttribute("aria-label", step.centre + " cards face down");
      } else step.centre.forEach(function (item) {
        if (typeof item === "string") { row.appendChild(card(item, item === step.played ? "played" : "")); return; }
        var g = el("span", "group");
        g.appendChild(el("span", "label", item.label));
        g.appendChild(cards(item.cards, step));
        row.appendChild(g);
      });
    }
    if (!row.childNodes.length) row.appendChild(el("span", "", "(empty)"));
    felt.appendChild(row);
    if (data.game !== "sueca" && (step.played || step.taken.length)) {
      var last = el("div", "cards lastplay");
      if (step.played) { last.appendChild(el("span", "", "played ")); last.appendChild(card(step.played, "played")); }
      var taken = step.taken.filter(function (c) { return c !== step.played; });
      if (taken.length) {
        last.appendChild(el("span", "", " took "));
        taken.forEach(function (c) { last.appendChild(card(c, "taken")); });
      }
      felt.appendChild(last);
    }
    return felt;
  }
  function facts(step) {
    var box = el("div", "facts");
    function part(title, lines, id) {
      var sec = el("section");
      if (id) sec.id = id;
      sec.appendChild(el("h3", "", title));
      lines.forEach(function (l) { sec.appendChild(el("div", "", l)); });
      box.appendChild(sec);
      return sec;
    }
    var who = data.sides.length < data.players ? "side " : "seat ";
    var scores = part("scores", step.totals.map(function (t, k) { return who + k + ": " + t; }), "scores");
    scores.setAttribute("data-totals", JSON.stringify(step.totals));
    if (step.match) scores.appendChild(el("div", "", step.match));
    if (data.game !== "sueca")
      part("captured cards", step.piles.map(function (n, k) { return "side " + k + ": " + n; }), "piles");
    if (step.auction.length || step.contract)
      part("auction", step.auction.concat(step.contract ? ["contract: " + step.contract] : []), "auction");
    part("deal", ["round " + step.round, "dealer: seat " + step.dealer], "round");
    return box;
  }
  function show(i) {
    at = Math.max(0, Math.min(steps.length - 1, i));
    var step = steps[at];
    document.getElementById("caption").textContent = step.caption;
    document.getElementById("counter").textContent = "step " + (at + 1) + " / " + steps.length;
    var board = document.getElementById("board");
    board.textContent = "";
    var top = el("div", "seats"), bottom = el("div", "seats");
    for (var s = 0; s < data.players; s++) {
      (s === data.bottom ? bottom : top).appendChild(seatBox(s, step));
    }
    board.appendChild(top);
    board.appendChild(centre(step));
    board.appendChild(bottom);
    board.appendChild(facts(step));
    var items = document.querySelectorAll("#moves li");
    items.forEach(function (li, k) { li.className = k === at ? "current" : ""; });
    if (items[at]) items[at].scrollIntoView({block: "nearest"});
    document.body.setAttribute("data-step", String(at));
    if (location.hash !== "#" + at) history.replaceState(null, "", "#" + at);
  }
  var list = document.getElementById("moves");
  steps.forEach(function (step, k) {
    var li = el("li"), b = el("button", "", step.label);
    b.type = "button";
    b.addEventListener("click", function () { show(k); });
    li.appendChild(b);
    list.appendChild(li);
  });
  var go = {first: function () { show(0); }, back: function () { show(at - 1); },
            next: function () { show(at + 1); }, last: function () { show(steps.length - 1); }};
  Object.keys(go).forEach(function (k) { document.getElementById(k).addEventListener("click", go[k]); });
  document.addEventListener("keydown", function (e) {
    var key = {ArrowRight: "next", ArrowDown: "next", ArrowLeft: "back", ArrowUp: "back",
               Home: "first", End: "last"}[e.key];
    if (key) { e.preventDefault(); go[key](); }
  });
  var start = parseInt(location.hash.slice(1), 10);
  show(isNaN(start) ? 0 : start);
})();
