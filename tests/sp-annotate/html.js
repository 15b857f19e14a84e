// tests/sp-annotate/html.js: sp-annotate's HTML page in headless Chromium
// (playwright-core), run by html.sh: PAGE is the source view of hot_leaf
// and hot_caller, DPAGE the instruction view of hot_leaf, IMUL the address
// of its hot instruction.  Prints "ok NAME" or "FAIL NAME: why"; the exit
// status is the number of failures.
"use strict";
const { chromium } = require(process.env.PW);
let failed = 0;
function check(name, ok, why) {
	if (ok) console.log("ok   " + name);
	else { failed++; console.log("FAIL " + name + ": " + why); }
}

(async () => {
	const ctx = await chromium.launchPersistentContext(process.env.PROFILE, {
		executablePath: process.env.CHROMIUM,
		headless: true,
		args: ["--headless", "--no-sandbox", "--disable-gpu",
		    "--no-first-run", "--disable-background-networking"],
	});
	const page = await ctx.newPage();
	const errors = [], requests = [];
	page.on("pageerror", (e) => errors.push(String(e)));
	page.on("request", (r) => requests.push(r.url()));
	await page.goto("file://" + process.env.PAGE);
	check("nothing fetched", requests.length === 1,
	    requests.slice(1).join(" "));
	const funcs = await page.$$eval("details.func > summary",
	    (s) => s.map((x) => x.textContent));
	check("two functions, the hotter first", funcs.length === 2 &&
	    funcs[0].startsWith("hot!hot_leaf") &&
	    funcs[1].startsWith("hot!hot_caller"), JSON.stringify(funcs));
	const hot = await page.$$eval("details.func:first-of-type tr.hottest",
	    (r) => r.map((x) => x.textContent));
	check("the multiplication's line is the hottest", hot.length === 1 &&
	    /x = x \* 6364136223846793005UL/.test(hot[0]), JSON.stringify(hot));
	// Reddest: the lowest lightness of the rows' backgrounds.
	const light = await page.$$eval("details.func:first-of-type tr", (rows) =>
	    rows.map((r) => {
		const m = /hsl\(\d+, *100%, *(\d+)%\)/.exec(r.getAttribute("style") || "");
		return [m ? Number(m[1]) : 100, r.classList.contains("hottest")];
	    }));
	const min = Math.min(...light.map((x) => x[0]));
	check("the hottest row is drawn reddest", light.some((x) => x[1] &&
	    x[0] === min), JSON.stringify(light));
	const table = "details.func:first-of-type table";
	check("open at first", await page.isVisible(table), "table hidden");
	await page.click("details.func:first-of-type > summary");
	check("a function folds", !(await page.isVisible(table)) &&
	    !(await page.$eval("details.func:first-of-type", (d) => d.open)),
	    "still open");
	await page.click("details.func:first-of-type > summary");
	check("and unfolds", await page.isVisible(table), "still folded");

	await page.goto("file://" + process.env.DPAGE);
	const dhot = await page.$$eval("tr.hottest", (r) => r.map((x) => x.textContent));
	check("instruction view: the imul is the hottest", dhot.length === 1 &&
	    dhot[0].includes(process.env.IMUL) && /imul/.test(dhot[0]),
	    JSON.stringify(dhot));
	check("no errors", errors.length === 0, errors.join("; "));
	await ctx.close();
	process.exit(failed);
})().catch((e) => { console.log("FAIL " + e); process.exit(1); });
