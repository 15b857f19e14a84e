/*
 * flame.js: the interactive part of sp-flame's SVG.  sp-flame writes a line
 * "var sp = {...};" before it with the drawing's constants (font size and
 * width, padding, orientation, name type, search colour, summary).
 *
 * Element ids and URL parameters are flamegraph.pl's, so that habits and
 * scripts keep working: #frames holds one <g> a frame, each with a <title>
 * ("NAME (N COUNTNAME, P%)"), a <rect> and a <text>; #details, #matched,
 * #search, #ignorecase, #unzoom; ?s=REGEX searches on load and ?x=&y=
 * (a frame's rect x and y as written) zooms on load.
 */
"use strict";
var details, searchbtn, icbtn, unzoombtn, matchedtxt, svg, frames;
var term = null, ignorecase = false, zoomed = null;

function init(evt) {
	svg = document.getElementsByTagName("svg")[0];
	details = document.getElementById("details").firstChild;
	searchbtn = document.getElementById("search");
	icbtn = document.getElementById("ignorecase");
	unzoombtn = document.getElementById("unzoom");
	matchedtxt = document.getElementById("matched");
	frames = document.getElementById("frames");
	details.nodeValue = sp.summary;
	var p = get_params();
	if (p.x !== undefined && p.y !== undefined) {
		var g = frame_at(p.x, p.y);
		if (g) zoom(g);
	}
	if (p.s) search(p.s);
}

/* The frame group an element belongs to, or null. */
function group_of(e) {
	while (e && e.parentNode) {
		if (e.parentNode.id === "frames") return e;
		e = e.parentNode;
	}
	return null;
}
function rect_of(g) { return g.getElementsByTagName("rect")[0]; }
function text_of(g) { return g.getElementsByTagName("text")[0]; }
function title_of(g) { return g.getElementsByTagName("title")[0].textContent; }
/* The name: the title without its last "(...)" part. */
function name_of(g) { return title_of(g).replace(/ \([^(]*\)$/, ""); }
/* The count of a frame, from its title ("(1,234 samples, ..."). */
function count_of(g) {
	var m = /\(([0-9,]+) [^(]*\)$/.exec(title_of(g));
	return m ? parseFloat(m[1].replace(/,/g, "")) : 0;
}
function num(e, a) { return parseFloat(e.getAttribute(a)); }
/* The value of attribute a as sp-flame wrote it. */
function orig(e, a) {
	var o = e.getAttribute("_orig_" + a);
	return o !== null ? o : e.getAttribute(a);
}
function set_pos(e, a, v) {
	if (e.getAttribute("_orig_" + a) === null)
		e.setAttribute("_orig_" + a, e.getAttribute(a));
	e.setAttribute(a, v);
}
function restore(e, a) {
	var o = e.getAttribute("_orig_" + a);
	if (o === null) return;
	e.setAttribute(a, o);
	e.removeAttribute("_orig_" + a);
}
function frame_at(x, y) {
	var gs = frames.children;
	for (var i = 0; i < gs.length; i++) {
		var r = rect_of(gs[i]);
		if (orig(r, "x") === x && r.getAttribute("y") === y) return gs[i];
	}
	return null;
}

/* The label of g for the width of its box, as sp-flame writes it. */
function fit(g) {
	var r = rect_of(g), t = text_of(g), name = name_of(g);
	var w = num(r, "width");
	var chars = Math.floor(w / (sp.fontsize * sp.fontwidth));
	var cps = Array.from(name), txt = "";
	t.setAttribute("x", (num(r, "x") + 3).toFixed(2));
	if (chars >= 3) {
		txt = cps.slice(0, chars).join("");
		if (chars < cps.length)
			txt = Array.from(txt).slice(0, chars - 2).join("") + "..";
	}
	while (t.firstChild) t.removeChild(t.firstChild);
	var bang = name.indexOf("!");
	if (bang > 0 && txt.length > 0) {
		var lib = document.createElementNS("http://www.w3.org/2000/svg",
		    "tspan");
		lib.setAttribute("class", "lib");
		var cut = Math.min(bang + 1, txt.length);
		lib.appendChild(document.createTextNode(txt.substring(0, cut)));
		t.appendChild(lib);
		txt = txt.substring(cut);
	}
	t.appendChild(document.createTextNode(txt));
}

function set_url(p) {
	var q = [];
	for (var k in p)
		if (p[k] !== undefined)
			q.push(k + "=" + encodeURIComponent(p[k]));
	var url = window.location.href.split("?")[0].split("#")[0];
	if (q.length) url += "?" + q.join("&");
	try { history.replaceState(null, "", url); } catch (e) { }
}
function get_params() {
	var p = {}, s = window.location.search.substring(1);
	if (s === "") return p;
	var parts = s.split("&");
	for (var i = 0; i < parts.length; i++) {
		var eq = parts[i].indexOf("=");
		if (eq < 0) continue;
		try {
			p[parts[i].substring(0, eq)] =
			    decodeURIComponent(parts[i].substring(eq + 1));
		} catch (e) { }
	}
	return p;
}

/*
 * Zoom into g: it and what lies above it fill the width; its ancestors
 * stay, full width and dimmed; everything else is hidden.
 */
function zoom(g) {
	unzoom(true);
	var r = rect_of(g);
	var x0 = num(r, "x"), w0 = num(r, "width"), y0 = num(r, "y");
	var x1 = x0 + w0, full = svg.width.baseVal.value - 2 * sp.xpad;
	var ratio = full / w0, eps = 0.0001, gs = frames.children;
	var parents = 0;
	for (var i = 0; i < gs.length; i++) {
		var e = gs[i], er = rect_of(e);
		var ex = num(er, "x"), ew = num(er, "width"), ey = num(er, "y");
		var below = sp.inverted ? ey < y0 : ey > y0;
		if (below) {
			if (ex <= x0 + eps && ex + ew + eps >= x1) {
				e.classList.add("parent");
				set_pos(er, "x", sp.xpad);
				set_pos(er, "width", full);
				parents++;
			} else
				e.classList.add("hide");
		} else if (ex + eps < x0 || ex + eps >= x1)
			e.classList.add("hide");
		else {
			set_pos(er, "x", (ex - x0) * ratio + sp.xpad);
			set_pos(er, "width", ew * ratio);
		}
		fit(e);
	}
	var p = get_params();
	if (parents === 0) {
		/* The root: the same as no zoom. */
		unzoom(false);
		delete p.x;
		delete p.y;
	} else {
		zoomed = g;
		unzoombtn.classList.remove("hide");
		p.x = orig(r, "x");
		p.y = r.getAttribute("y");
	}
	set_url(p);
	search();
}
function unzoom(quiet) {
	var gs = frames.children;
	zoomed = null;
	unzoombtn.classList.add("hide");
	for (var i = 0; i < gs.length; i++) {
		var r = rect_of(gs[i]);
		gs[i].classList.remove("parent");
		gs[i].classList.remove("hide");
		restore(r, "x");
		restore(r, "width");
		fit(gs[i]);
	}
	if (!quiet) {
		var p = get_params();
		delete p.x;
		delete p.y;
		set_url(p);
		search();
	}
}

/* Search: frames whose title matches the regular expression. */
function reset_search() {
	var rs = frames.getElementsByTagName("rect");
	for (var i = 0; i < rs.length; i++) restore(rs[i], "fill");
}
function search(t) {
	if (t !== undefined) term = t;
	if (term === null) return;
	reset_search();
	var re;
	try {
		re = new RegExp(term, ignorecase ? "i" : "");
	} catch (e) {
		matchedtxt.classList.remove("hide");
		matchedtxt.firstChild.nodeValue = "Bad regexp";
		return;
	}
	var gs = frames.children, m = [], base = 0;
	for (var i = 0; i < gs.length; i++) {
		var g = gs[i], r = rect_of(g);
		if (g.classList.contains("hide")) continue;
		var w = num(r, "width"), n = count_of(g);
		if (g.classList.contains("parent") && zoomed) n = count_of(zoomed);
		if (w > base.w || base === 0) base = { w: w, n: n };
		if (!re.test(title_of(g))) continue;
		set_pos(r, "fill", sp.searchcolor);
		m.push({ x: num(r, "x"), w: w, n: n });
	}
	var p = get_params();
	p.s = term;
	set_url(p);
	searchbtn.classList.add("show");
	searchbtn.firstChild.nodeValue = "Reset Search";
	/* The outermost matches only: a match inside a match counts once. */
	m.sort(function (a, b) { return a.x - b.x || b.w - a.w; });
	var sum = 0, end = -1, eps = 0.0001;
	for (var k = 0; k < m.length; k++) {
		if (m[k].x + eps >= end) {
			sum += m[k].n;
			end = m[k].x + m[k].w;
		}
	}
	var pct = base && base.n > 0 ? 100 * sum / base.n : 0;
	matchedtxt.classList.remove("hide");
	matchedtxt.firstChild.nodeValue = "Matched: " +
	    (pct === 100 ? "100" : pct.toFixed(1)) + "%";
}
function clear_search() {
	reset_search();
	term = null;
	searchbtn.classList.remove("show");
	searchbtn.firstChild.nodeValue = "Search";
	matchedtxt.classList.add("hide");
	matchedtxt.firstChild.nodeValue = " ";
	var p = get_params();
	delete p.s;
	set_url(p);
}
function search_prompt() {
	if (term !== null) {
		clear_search();
		return;
	}
	var t = prompt("Search for a regular expression (e.g. ^ext4_)" +
	    (ignorecase ? ", ignoring case" : "") +
	    "\nCtrl-I toggles case sensitivity", "");
	if (t !== null && t !== "") search(t);
}
function toggle_ignorecase() {
	ignorecase = !ignorecase;
	if (ignorecase) icbtn.classList.add("show");
	else icbtn.classList.remove("show");
	search();
}

window.addEventListener("click", function (e) {
	var g = group_of(e.target);
	if (g) {
		if (g.nodeName === "a") {
			if (!e.ctrlKey) return;
			e.preventDefault();
		}
		zoom(g);
	} else if (e.target.id === "unzoom")
		unzoom(false);
	else if (e.target.id === "search")
		search_prompt();
	else if (e.target.id === "ignorecase")
		toggle_ignorecase();
}, false);
window.addEventListener("mouseover", function (e) {
	var g = group_of(e.target);
	if (g) details.nodeValue = sp.nametype + " " + title_of(g);
}, false);
window.addEventListener("mouseout", function (e) {
	if (group_of(e.target)) details.nodeValue = sp.summary;
}, false);
window.addEventListener("keydown", function (e) {
	if (e.keyCode === 114 || (e.ctrlKey && e.keyCode === 70)) {
		e.preventDefault();
		search_prompt();
	} else if (e.ctrlKey && e.keyCode === 73) {
		e.preventDefault();
		toggle_ignorecase();
	}
}, false);
