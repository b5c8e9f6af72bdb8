import { defaultParseTimeLimitMs } from '../../server/src/engine/pages/mdx/parseTimeLimit';
import { maxFixPasses } from '../../server/src/engine/service/fixPasses';
import { remoteSpecLimits } from '../../server/src/lsp/remoteFetch';
import { outputFormats } from './checkOutput';
import { maxDefaultWorkers } from './parseWorkers';

/** What `docsjson check --help` prints. */
export function checkHelp(): string {
  return (
    `Usage: docsjson check [PATH...] [--format ${outputFormats.join('|')}] [--max-warnings N] [--base REF] [--fetch-remote [--fetch-timeout SECONDS] [--allow-host HOST]...] [--offline] [--workers N] [--parse-time-limit SECONDS] [--cache [--cache-location FOLDER]] [--annotate-notes] [--config PATH] [--fix | --fix-dry-run]\n` +
      '  --format         text (the default), json, github (annotations and the job summary), sarif (SARIF 2.1.0, for code scanning), gitlab (a Code Quality report)\n' +
      '  --base REF       only the problems added since a git ref (a branch, a tag or a commit)\n' +
      `  --fetch-remote   fetch the OpenAPI specs given by URL, kept on disk for the next runs: at most ${remoteSpecLimits.maxBytes / 1024 / 1024} MB and ${remoteSpecLimits.timeoutMs / 1000} s each,\n` +
      `                   ${remoteSpecLimits.maxSpecs} specs, ${remoteSpecLimits.concurrency} at a time, ${remoteSpecLimits.maxTotalBytes / 1024 / 1024} MB in all and ${remoteSpecLimits.maxCacheBytes / 1024 / 1024} MB written to the cache per check (a note says what was left out);\n` +
      '                   "openapi": { "fetchRemote": false } in docsjson.config.json turns it off, true does not turn it on\n' +
      '  --offline        use only the specs kept on disk by an earlier --fetch-remote\n' +
      '  --allow-host     a private or loopback host the specs may be fetched from (refused otherwise)\n' +
      `  --workers N      threads that parse pages, 1 at least, as none is parsed on the main one (default: as many as the cores, ${maxDefaultWorkers} at most, on sites with enough pages to pay for them, else 1)\n` +
      `  --parse-time-limit SECONDS  how much processor time the parse of one page may take (on Linux; else wall time) before the page is reported as too slow to read and the others are checked (default: ${defaultParseTimeLimitMs / 1000})\n` +
      '  --cache          keep what each page\'s parse found, by the hash of its text, and parse only the pages not kept by an earlier run;\n' +
      '                   a site whose files are all as an earlier check read them gets that check\'s report again, unchecked\n' +
      '                   (the same findings; kept in node_modules/.cache/docsjson/ in the site\'s folder, at most 64 MB, the pages used longest ago dropped)\n' +
      '  --cache-location FOLDER  where --cache keeps it (implies --cache), for CI caches: one folder for every site checked\n' +
      '  --annotate-notes with --format github: notes as notices too (by default they are counted in one line)\n' +
      '  --config PATH    the config file to read instead of each site\'s own docsjson.config.json (its paths still from the folder of docs.json)\n' +
      `  --fix            apply the fixes that need no choice (a problem's only quick fix, the one the editor prefers), in up to ${maxFixPasses} passes,\n` +
      '                   and print what changed; a file the fixes would leave unparsable is left as it was. The problems left are reported\n' +
      '  --fix-dry-run    print the fixes as a unified diff and write nothing (with --format json, sarif or gitlab, the fixes print on stderr)\n'
  );
}
