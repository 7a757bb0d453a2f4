// Prints the README's table of error codes from src/errors.ts ERROR_CODES (the one list).
// `npx tsx scripts/error-codes.ts` — test/readme.test.ts checks the README holds exactly this.
import { ERROR_CODES } from '../src/errors.ts';

export function errorCodeTable(): string {
  const rows = Object.entries(ERROR_CODES).map(([code, meaning]) => `| \`${code}\` | ${meaning} |`);
  return ['| code | meaning |', '|---|---|', ...rows].join('\n');
}

if (import.meta.url === `file://${process.argv[1]}`) process.stdout.write(errorCodeTable() + '\n');
