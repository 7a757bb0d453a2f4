// Versions outside 0.13-0.15: from 0.26 on the game has no hunger at all; 0.16-0.25 and
// anything before 0.13 were not checked against the code, so we say so instead of guessing.
import { crawlCite, type Citation } from '../cite.ts';
import type { ParsedCrawlVersion } from './versions.ts';

export interface CrawlNoHungerResult {
  game: 'crawl';
  version: string;
  kind: 'noHunger' | 'notCovered';
  hunger: false | null;
  message: string;
  citations: Citation[];
}

export function crawlOutsideVersions(parsed: Exclude<ParsedCrawlVersion, { kind: 'supported' }>): CrawlNoHungerResult {
  if (parsed.kind === 'noHunger') {
    return {
      game: 'crawl',
      version: parsed.asked,
      kind: 'noHunger',
      hunger: false,
      message: `Crawl ${parsed.asked} has no hunger: food and hunger were removed in 0.26.0 (2021). There is nothing to eat and no satiation level.`,
      citations: [
        {
          ...crawlCite('0.15', 'crawl-ref/docs/changelog.txt', '0.26.0: "Food and hunger are removed"'),
          version: '0.26.0',
          line: undefined,
        },
      ],
    };
  }
  return {
    game: 'crawl',
    version: parsed.asked,
    kind: 'notCovered',
    hunger: null,
    message: `Crawl ${parsed.asked} is not covered: this bot checked the hunger code of 0.13, 0.14 and 0.15 only (and knows that 0.26 and later have none).`,
    citations: [],
  };
}
