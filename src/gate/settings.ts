/** The trigger gate's inputs: `trigger-permission` and `allowed-bots`. */
import { InputError } from '../errors.js';
import type { InputReader } from '../inputs/reader.js';
import { PERMISSION_LEVELS, isPermissionLevel, type PermissionLevel } from './permission.js';
import { isLogin } from '../event/payload.js';
import { botName } from './trigger.js';

export const GATE_INPUTS = {
  'trigger-permission': 'triage',
  'allowed-bots': '',
} as const;

export type GateInput = keyof typeof GATE_INPUTS;

export interface TriggerSettings {
  /** 'none' checks no permission; bots are still checked. */
  readonly minimumPermission: PermissionLevel;
  /** Logins in lower case without `[bot]`; 'any' for `*`. */
  readonly allowedBots: ReadonlySet<string> | 'any';
}

const PERMISSION_FORM = `one of ${PERMISSION_LEVELS.join(', ')}`;

export function readTriggerSettings(inputs: InputReader<GateInput>): TriggerSettings {
  const level = inputs.text('trigger-permission').toLowerCase();
  if (!isPermissionLevel(level)) {
    throw new InputError(
      'trigger-permission',
      `must be ${PERMISSION_FORM} (the lowest repository role that may start the agent), got '${inputs.text('trigger-permission')}'.`,
    );
  }
  const entries = inputs
    .text('allowed-bots')
    .split(/[\s,]+/)
    .filter((entry) => entry !== '');
  if (entries.includes('*')) {
    if (entries.length > 1) {
      throw new InputError('allowed-bots', "'*' allows every bot and stands alone; remove the other names or the '*'.");
    }
    return { minimumPermission: level, allowedBots: 'any' };
  }
  for (const entry of entries) {
    if (!isLogin(entry)) {
      throw new InputError(
        'allowed-bots',
        `'${entry}' is not a bot login; give a comma list of logins such as 'dependabot' or 'renovate[bot]', or '*'.`,
      );
    }
  }
  return { minimumPermission: level, allowedBots: new Set(entries.map(botName)) };
}
