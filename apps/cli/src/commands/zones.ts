import type { Command } from "commander";

/** `brandwarden zones diff OLD NEW`: the names NEW adds to OLD, for operators checking zone files. */
export function registerZonesCommand(program: Command): void {
  const zones = program.command("zones").description("Zone files (CZDS) and lists of names");
  zones
    .command("diff")
    .description(
      "Print the names NEW has and OLD lacks, sorted, one a line: delegations of RFC 1035 zone files " +
        "(<tld>.zone), or names of lists (.txt, .list), gzip or not; read as streams, in bounded memory",
    )
    .argument("<old>", "the earlier file")
    .argument("<new>", "the later file")
    .option("--count", "print only how many names were added")
    .option("--tmp-dir <dir>", "where the sort's temporary files go (default: the system's)")
    .action(async (oldFile: string, newFile: string, flags: { count?: boolean; tmpDir?: string }) => {
      const { runZonesDiff } = await import("./zones-run.ts");
      await runZonesDiff(oldFile, newFile, flags);
    });
}
