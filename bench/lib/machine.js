// @ts-check
// What the numbers were measured on: CPU, cores, memory, OS, the Node versions and the tools.
import { execFileSync } from 'node:child_process';
import { cpus, loadavg, release, totalmem } from 'node:os';

/**
 * First line of a command's output, or undefined when it is missing or fails.
 * @param {string} command
 * @param {readonly string[]} args
 */
export function firstLine(command, args) {
  try {
    return execFileSync(command, args, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] })
      .split('\n')[0]
      ?.trim();
  } catch {
    return undefined;
  }
}

/** @param {string} binary */
export const nodeVersion = (binary) => firstLine(binary, ['--version']) ?? 'missing';

export function describeMachine() {
  const cpuList = cpus();
  return {
    cpu: cpuList[0]?.model.trim() ?? 'unknown',
    cores: cpuList.length,
    memoryGiB: Math.round(totalmem() / 2 ** 30),
    os: `${process.platform} ${release()}`,
    load: loadavg()
      .map((value) => value.toFixed(2))
      .join(' '),
    curl: firstLine('curl', ['--version'])?.split(' ').slice(0, 2).join(' ') ?? 'missing',
    jq: firstLine('jq', ['--version']) ?? 'missing',
    bash: firstLine('bash', ['-c', 'echo $BASH_VERSION']) ?? 'missing',
    hyperfine: firstLine('hyperfine', ['--version']) ?? 'not installed (not needed: timings come from Node)',
  };
}

/** Load averages now, to show whether other work shared the machine. */
export const currentLoad = () =>
  loadavg()
    .map((value) => value.toFixed(2))
    .join(' ');
