// tests/sp-speedscope/browser.js: a file written by sp-speedscope, opened
// by speedscope's own release build (npm package speedscope) in headless
// Chromium from file://, the way its command line opens one (index.html
// with #localProfilePath= a script that hands it the file).  Run by
// browser.sh, which passes in the environment:
//   PW        the playwright-core module directory
//   CHROMIUM  the browser, PROFILE a fresh --user-data-dir
//   SS        speedscope's dist/release directory
//   CASES     lines "FILE<TAB>NAME<TAB>PROFILE<TAB>FRAME<TAB>SELF<TAB>TOTAL":
//             the written file, its name, the name of the profile shown
//             first, and sp-aggregate's hottest frame (by self) of that
//             profile's thread with its self and total
// For each file: the page's title is "NAME - speedscope", the toolbar shows
// PROFILE, and the Sandwich view's table has FRAME's row with SELF and
// TOTAL (numbers as speedscope prints them for unit "none", in en-US) and
// no row with a larger self.  Prints "ok ..." or "FAIL ...: why"; the exit
// status is the number of failures.
"use strict";
const fs = require("fs");
const path = require("path");
const { chromium } = require(process.env.PW);
let failed = 0;
function check(name, ok, why) {
	if (ok) console.log("ok   " + name);
	else { failed++; console.log("FAIL " + name + ": " + why); }
}
const num = (s) => Number(String(s).trim().split(" ")[0].replace(/,/g, ""));

(async () => {
	const ctx = await chromium.launchPersistentContext(process.env.PROFILE, {
		executablePath: process.env.CHROMIUM,
		headless: true,
		locale: "en-US",
		args: ["--headless", "--no-sandbox", "--disable-gpu",
		    "--no-first-run", "--disable-background-networking",
		    "--disable-component-update", "--disable-sync"],
	});
	const cases = fs.readFileSync(process.env.CASES, "utf8").split("\n")
	    .filter((l) => l.length > 0).map((l) => l.split("\t"));
	let k = 0;
	for (const [file, name, profile, frame, self, total] of cases) {
		const label = path.basename(file);
		const page = await ctx.newPage();
		const errors = [];
		page.on("pageerror", (e) => errors.push(String(e)));
		// What speedscope's command line writes for a file it opens.
		const js = path.join(path.dirname(file), "load" + k++ + ".js");
		fs.writeFileSync(js, "speedscope.loadFileFromBase64(" +
		    JSON.stringify(path.basename(file)) + ", " +
		    JSON.stringify(fs.readFileSync(file).toString("base64")) +
		    ")");
		await page.goto("file://" + process.env.SS + "/index.html" +
		    "#localProfilePath=" + js);
		await page.waitForFunction(() =>
		    /Sandwich/.test(document.body.innerText), null,
		    { timeout: 60000 }).catch(() => {});
		check(label + ": the title is the file's name",
		    await page.title() === name + " - speedscope",
		    "title " + JSON.stringify(await page.title()));
		const bar = await page.evaluate(() => document.body.innerText);
		check(label + ": the toolbar shows the profile's name",
		    bar.includes(profile), "no " + JSON.stringify(profile) +
		    " in " + JSON.stringify(bar.slice(0, 300)));
		await page.click("text=Sandwich").catch((e) =>
		    errors.push(String(e)));
		// The table's rows: total, self, name cells, which read "N (P%)"
		// (the profile selector is a table too).  Speedscope draws the
		// header first and the rows a frame or more later: on a loaded
		// machine the rows were read before they were there (0 rows),
		// so the wait is for the rows themselves.
		const tableRows = () => {
			const out = [], pct = /^[\d,.]+ \([<\d.]+%\)$/;
			for (const tr of document.querySelectorAll("tr")) {
				const td = tr.querySelectorAll("td");
				if (td.length >= 3 && pct.test(td[0].innerText.trim())
				    && pct.test(td[1].innerText.trim()))
					out.push([td[0].innerText, td[1].innerText,
					    td[2].innerText]);
			}
			return out;
		};
		await page.evaluate("window.spRows = " + tableRows.toString());
		await page.waitForFunction(() =>
		    /Symbol Name/.test(document.body.innerText) &&
		    window.spRows().length > 0, null,
		    { timeout: 60000 }).catch(() => {});
		const rows = await page.evaluate(() => window.spRows());
		const row = rows.find((r) => r[2].trim() === frame);
		check(label + ": the table has " + frame, row !== undefined,
		    rows.length + " rows, none named so");
		if (row !== undefined) {
			check(label + ": its self is sp-aggregate's",
			    num(row[1]) === Number(self),
			    "speedscope " + row[1] + ", sp-aggregate " + self);
			check(label + ": its total is sp-aggregate's",
			    num(row[0]) === Number(total),
			    "speedscope " + row[0] + ", sp-aggregate " + total);
		}
		const max = Math.max(...rows.map((r) => num(r[1])));
		check(label + ": no function has more self", max <= Number(self),
		    "a row has " + max);
		check(label + ": no page errors", errors.length === 0,
		    errors.join("; "));
		if (process.env.SCREENSHOT)
			await page.screenshot({ path: process.env.SCREENSHOT +
			    "-" + label + ".png" });
		await page.close();
	}
	await ctx.close();
	process.exit(failed);
})().catch((e) => { console.log("FAIL " + e); process.exit(100); });
