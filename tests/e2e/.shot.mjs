import { launch, newPage, serveDist } from './harness.mjs';
const server = await serveDist(); const browser = await launch();
for (const [w, h] of [[390, 844], [1280, 800]]) {
  const page = await newPage(browser, { viewport: { width: w, height: h } });
  await page.goto(server.url);
  await page.screenshot({ path: `/tmp/shots/start-${w}.png` });
  await page.getByTestId('play-computer').click();
  await page.waitForURL(/\/peer\//);
  await page.getByTestId('bot-level').waitFor();
  await page.screenshot({ path: `/tmp/shots/computer-${w}.png` });
}
await browser.close(); server.close();
