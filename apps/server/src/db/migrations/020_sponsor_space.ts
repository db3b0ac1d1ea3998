import type { Kysely } from 'kysely';

/**
 * The sponsor space (decision 22). Each account's identity public key, and its private key encrypted
 * under the data key. For each relationship, a space: its key generation, each member's HPKE-sealed copy
 * of that generation's key, the items the sponsee shares and the comments on them (ciphertext under the
 * space key), when each person last read each item, and each person's verification of the other's key
 * (ciphertext under their own data key).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('identity_keys')
    .addColumn('user_id', 'text', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('public_key', 'text', (c) => c.notNull())
    .addColumn('encrypted_private_key', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('sponsor_spaces')
    .addColumn('relationship_id', 'text', (c) =>
      c.primaryKey().references('sponsorship_relationships.id').onDelete('cascade'),
    )
    .addColumn('generation', 'integer', (c) => c.notNull())
    .addColumn('rotation_due', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('space_keys')
    .addColumn('relationship_id', 'text', (c) =>
      c.notNull().references('sponsor_spaces.relationship_id').onDelete('cascade'),
    )
    .addColumn('generation', 'integer', (c) => c.notNull())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('enc', 'text', (c) => c.notNull())
    .addColumn('wrapped_key', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('space_keys_pk', ['relationship_id', 'generation', 'user_id'])
    .execute();
  await db.schema
    .createTable('space_items')
    .addColumn('relationship_id', 'text', (c) =>
      c.notNull().references('sponsor_spaces.relationship_id').onDelete('cascade'),
    )
    .addColumn('item_key', 'text', (c) => c.notNull())
    .addColumn('generation', 'integer', (c) => c.notNull())
    .addColumn('ciphertext', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addColumn('reviewed_at', 'bigint')
    .addPrimaryKeyConstraint('space_items_pk', ['relationship_id', 'item_key'])
    .execute();
  await db.schema
    .createTable('space_comments')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('relationship_id', 'text', (c) =>
      c.notNull().references('sponsor_spaces.relationship_id').onDelete('cascade'),
    )
    .addColumn('item_key', 'text', (c) => c.notNull())
    .addColumn('author_user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('generation', 'integer', (c) => c.notNull())
    .addColumn('ciphertext', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('space_comments_item')
    .on('space_comments')
    .columns(['relationship_id', 'item_key', 'created_at'])
    .execute();
  await db.schema
    .createTable('space_reads')
    .addColumn('relationship_id', 'text', (c) =>
      c.notNull().references('sponsor_spaces.relationship_id').onDelete('cascade'),
    )
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('item_key', 'text', (c) => c.notNull())
    .addColumn('read_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('space_reads_pk', ['relationship_id', 'user_id', 'item_key'])
    .execute();
  await db.schema
    .createTable('space_verifications')
    .addColumn('relationship_id', 'text', (c) =>
      c.notNull().references('sponsorship_relationships.id').onDelete('cascade'),
    )
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('ciphertext', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('space_verifications_pk', ['relationship_id', 'user_id'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of [
    'space_verifications',
    'space_reads',
    'space_comments',
    'space_items',
    'space_keys',
    'sponsor_spaces',
    'identity_keys',
  ]) {
    await db.schema.dropTable(table).execute();
  }
}
