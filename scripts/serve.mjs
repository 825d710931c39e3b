// Serves dist/ at http://127.0.0.1:8080 (or PORT) until stopped.
import { serveDist } from '../tests/e2e/harness.mjs';

const { url } = await serveDist('/', Number(process.env.PORT ?? 8080));
console.log(`Vrhcáby is served at ${url} (Ctrl+C to stop)`);
