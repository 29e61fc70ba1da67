import { PGlite } from '@electric-sql/pglite';
let t = Date.now();
const a = new PGlite(); await a.waitReady;
console.log('first', Date.now() - t); t = Date.now();
const b = new PGlite(); await b.waitReady;
console.log('second', Date.now() - t); t = Date.now();
await a.query('select 1');
const c = await a.clone(); await c.query('select 1');
console.log('clone', Date.now() - t);
