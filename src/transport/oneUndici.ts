// discord.js brings its own undici (6.x). When @discordjs/rest loads it runs
// `globalThis.FormData ??= undici.FormData`, and merely reading Node's globalThis.FormData loads
// Node's bundled copy of undici as well (about 2-11 MB resident, depending on what else is loaded),
// which nothing else in a gateway process uses. Defining FormData from discord.js's undici first
// means one undici per process, and the same FormData that @discordjs/rest would have picked.
// Import this module before discord.js.
import { FormData } from 'undici';

// The descriptor is read without calling Node's lazy getter; a FormData somebody already set is kept.
if (!('value' in (Object.getOwnPropertyDescriptor(globalThis, 'FormData') ?? {})))
  Object.defineProperty(globalThis, 'FormData', { value: FormData, writable: true, configurable: true });
