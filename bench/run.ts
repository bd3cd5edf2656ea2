/** `npm run bench`: prints every benchmark's figures. */
import { benchCore, type Figure } from './core';
import { benchListing, benchStoreSaves } from './listing';

function print(group: string, figures: Figure[]) {
  console.log(`\n${group}`);
  for (const f of figures) console.log(`  ${f.name}: ${f.value < 10 ? f.value.toFixed(2) : f.value.toFixed(0)} ${f.unit}  (${f.note})`);
}

print('core (Node ' + process.version + ')', await benchCore());
print('session listing (store vs nanobot\'s listing I/O, same run)', await benchListing());
print('store saves in Chromium (test/browser/bench-store.ts)', await benchStoreSaves());
