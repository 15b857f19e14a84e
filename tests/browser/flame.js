// tests/browser/flame.js: drive sp-flame's SVGs in headless Chromium
// (playwright-core, the system's browser).  Run by flame.sh, which writes
// the SVGs and passes what it expects in the environment:
//   PW       the playwright-core module directory
//   CHROMIUM the browser, PROFILE a fresh --user-data-dir
//   SVG      the graph of small.folded, DIFF the graph of --diff
//   MATCH    the percentage "^(lex|add)$"-like searches must show
// Each check prints "ok NAME" or "FAIL NAME: why"; the exit status is the
// number of failures.
"use strict";
const { chromium } = require(process.env.PW);
const url = (f, q) => "file://" + f + (q || "");
let failed = 0;
function check(name, ok, why) {
	if (ok) console.log("ok   " + name);
	else { failed++; console.log("FAIL " + name + ": " + why); }
}

async function frame(page, name) {
	// The <g> whose title is NAME (...).
	return page.evaluateHandle((n) => {
		for (const g of document.getElementById("frames").children) {
			const t = g.getElementsByTagName("title")[0].textContent;
			if (t.startsWith(n + " (")) return g;
		}
		return null;
	}, name);
}
const attr = (page, g, a) => page.evaluate(([g, a]) =>
    g.getElementsByTagName("rect")[0].getAttribute(a), [g, a]);
const text = (page, id) => page.evaluate((id) =>
    document.getElementById(id).textContent, id);

(async () => {
	const ctx = await chromium.launchPersistentContext(process.env.PROFILE, {
		executablePath: process.env.CHROMIUM,
		headless: true,
		args: ["--headless", "--no-sandbox", "--disable-gpu",
		    "--disable-quic", "--no-first-run",
		    "--disable-background-networking",
		    "--disable-component-update", "--disable-sync"],
	});
	const page = await ctx.newPage();
	const errors = [];
	page.on("pageerror", (e) => errors.push(String(e)));
	const svg = process.env.SVG;

	await page.goto(url(svg));
	check("summary on the details line",
	    /stacks, \d+ frames drawn/.test(await text(page, "details")),
	    await text(page, "details"));

	// Hover: the details line shows the frame's title.
	let parse = await frame(page, "parse");
	await page.hover("#frames > g:nth-child(1) rect");
	const box = await parse.evaluate((g) => {
		const r = g.getElementsByTagName("rect")[0].getBoundingClientRect();
		return { x: r.x + r.width / 2, y: r.y + r.height / 2 };
	});
	await page.mouse.move(box.x, box.y);
	check("hover", (await text(page, "details")) ===
	    "Function: parse (43 samples, 54.43%)", await text(page, "details"));

	// Click: zoom into parse; it fills the width, its parent stays, dimmed.
	const x0 = await attr(page, parse, "x"), w0 = await attr(page, parse, "width");
	const y0 = await attr(page, parse, "y");
	await page.mouse.click(box.x, box.y);
	check("zoom: full width", Math.abs(parseFloat(await attr(page, parse,
	    "width")) - 1180) < 0.01, await attr(page, parse, "width"));
	const main = await frame(page, "main");
	const mainCls = await main.evaluate((g) => g.getAttribute("class") || "");
	check("zoom: parent stays, dimmed", /parent/.test(mainCls) &&
	    !/hide/.test(mainCls), mainCls);
	const evalCls = await (await frame(page, "eval")).evaluate((g) =>
	    g.getAttribute("class") || "");
	check("zoom: others hidden", /hide/.test(evalCls), evalCls);
	check("zoom: x and y in the address", page.url().includes("x=" + x0) &&
	    page.url().includes("y=" + y0), page.url());
	check("zoom: reset button shown", !/hide/.test(await page.evaluate(() =>
	    document.getElementById("unzoom").getAttribute("class") || "")), "hidden");

	// Reset zoom.
	await page.click("#unzoom");
	check("reset", (await attr(page, parse, "x")) === x0 &&
	    (await attr(page, parse, "width")) === w0,
	    (await attr(page, parse, "x")) + " " + (await attr(page, parse, "width")));

	// Search through the prompt: matches highlighted, percentage shown.
	page.once("dialog", (d) => d.accept("^(lex|add) "));
	await page.click("#search");
	check("search: matched percentage", (await text(page, "matched")) ===
	    "Matched: " + process.env.MATCH + "%", await text(page, "matched"));
	const lex = await frame(page, "lex");
	check("search: highlighted", (await attr(page, lex, "fill")) ===
	    "rgb(230,0,230)", await attr(page, lex, "fill"));
	check("search: s in the address", page.url().includes("s="), page.url());
	// Search again: the button resets.
	await page.click("#search");
	check("search: reset", (await attr(page, lex, "fill")) !== "rgb(230,0,230)",
	    await attr(page, lex, "fill"));

	// Ignore case: Ctrl-I, then a search in capitals.
	await page.keyboard.press("Control+KeyI");
	page.once("dialog", (d) => d.accept("^LEX "));
	await page.keyboard.press("Control+KeyF");
	check("ignore case", (await text(page, "matched")) === "Matched: 39.2%",
	    await text(page, "matched"));
	await page.click("#ignorecase");
	check("ignore case off", (await text(page, "matched")) === "Matched: 0.0%",
	    await text(page, "matched"));

	// On load: ?s= searches, ?x=&y= zooms.
	await page.goto(url(svg, "?s=" + encodeURIComponent("^(lex|add) ")));
	check("?s= on load", (await text(page, "matched")) ===
	    "Matched: " + process.env.MATCH + "%", await text(page, "matched"));
	await page.goto(url(svg, "?x=" + x0 + "&y=" + y0));
	parse = await frame(page, "parse");
	check("?x=&y= on load", Math.abs(parseFloat(await attr(page, parse,
	    "width")) - 1180) < 0.01, await attr(page, parse, "width"));
	if (process.env.SCREENSHOT)
		await page.screenshot({ path: process.env.SCREENSHOT });

	// The differential graph: hover shows both counts and the change.
	await page.goto(url(process.env.DIFF));
	const b = await frame(page, "b");
	const bb = await b.evaluate((g) => {
		const r = g.getElementsByTagName("rect")[0].getBoundingClientRect();
		return { x: r.x + r.width / 2, y: r.y + r.height / 2 };
	});
	await page.mouse.move(bb.x, bb.y);
	check("diff hover", (await text(page, "details")) === "Function: b " +
	    "(30 samples, 56.60%; before 10 samples, 28.57%; +20 samples, " +
	    "+28.03%)", await text(page, "details"));
	if (process.env.SCREENSHOT)
		await page.screenshot({ path: process.env.SCREENSHOT.replace(/\.png$/,
		    "-diff.png") });
	check("no script errors", errors.length === 0, errors.join("; "));
	await ctx.close();
	process.exit(failed);
})().catch((e) => { console.log("FAIL " + e); process.exit(99); });
