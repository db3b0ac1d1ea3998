import { z } from 'zod';
import { authValueSchema, codeSchema, sessionUserSchema } from './auth.ts';
import { base64, emailSchema } from './common.ts';
import { inventoryTypeSchema, inventoryVersionSchema, MAX_INVENTORY_CIPHERTEXT } from './inventory.ts';
import { keptAsideIdSchema } from './keptAside.ts';
import { MAX_PROFILE_DETAILS_CIPHERTEXT } from './profile.ts';
import { MAX_STEP_CIPHERTEXT, progressProgramSchema, stepNumberSchema, trackSchema } from './progress.ts';
import { shareIdSchema } from './share.ts';

/** What a piece of writing is bound to: 1, the account's e-mail (earlier accounts); 2, the account id. */
export const CONTENT_BINDINGS = [1, 2] as const;
export const CURRENT_CONTENT_BINDING = 2;

const pair = (max: number) => ({ from: base64(max, { length: 28 }), to: base64(max, { length: 28 }) });

/**
 * One ciphertext moved to the account-id binding: the server replaces `from` with `to` only if the record
 * still holds `from`, so a piece saved meanwhile (already bound to the id) is never overwritten.
 */
export const bindingSwapSchema = z.discriminatedUnion(
  'kind',
  [
    z.strictObject({
      kind: z.literal('step'),
      program: progressProgramSchema,
      track: trackSchema,
      step_number: stepNumberSchema,
      ...pair(MAX_STEP_CIPHERTEXT),
    }),
    z.strictObject({
      kind: z.literal('inventory'),
      inventory_type: inventoryTypeSchema,
      version: inventoryVersionSchema,
      ...pair(MAX_INVENTORY_CIPHERTEXT),
    }),
    z.strictObject({
      kind: z.literal('kept-aside'),
      id: keptAsideIdSchema,
      ...pair(MAX_INVENTORY_CIPHERTEXT),
    }),
    z.strictObject({ kind: z.literal('profile'), ...pair(MAX_PROFILE_DETAILS_CIPHERTEXT) }),
    z.strictObject({ kind: z.literal('share'), id: shareIdSchema, ...pair(1000) }),
  ],
  { error: 'kind must be one of step, inventory, kept-aside, profile, share' },
);
export type BindingSwap = z.infer<typeof bindingSwapSchema>;

export const bindingSwapReplySchema = z.object({ swapped: z.boolean() });

export const contentBindingBodySchema = z.strictObject({
  binding: z.literal(CURRENT_CONTENT_BINDING, { error: `binding must be ${CURRENT_CONTENT_BINDING}` }),
});
export const contentBindingReplySchema = z.object({ contentBinding: z.number().int() });

/** Profile → Change e-mail: the new address and the current auth value; a code goes to the new address. */
export const emailChangeStartBodySchema = z.strictObject({
  newEmail: emailSchema,
  password: authValueSchema,
});
export const emailChangeConfirmBodySchema = z.strictObject({ newEmail: emailSchema, code: codeSchema });
/** The account with its new address; the session goes on. */
export const emailChangeConfirmReplySchema = z.object({ message: z.string(), user: sessionUserSchema });
