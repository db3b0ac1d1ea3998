import type { Generated } from 'kysely';

/** Times are epoch milliseconds; flags are 0/1 integers, the same on SQLite and PostgreSQL. */
export interface Database {
  app_settings: { key: string; value: string };
  users: {
    id: string;
    email: string;
    name: string;
    role: 'user' | 'admin';
    password_hash: string;
    kdf_salt: string;
    kdf_iterations: number;
    email_verified: number;
    status: 'active' | 'inactive' | 'test';
    created_at: number;
    updated_at: number;
    last_login_at: number | null;
    deactivated_at: number | null;
    deactivation_reason: string | null;
    /** 1: writing may still be bound to `v1_binding` (the e-mail); 2: all of it is bound to `id`. */
    content_binding: Generated<number>;
    v1_binding: string | null;
    /** 1: notes also come as a neutral e-mail. */
    email_notes: Generated<number>;
    /** When the last e-mail about new notes was queued. */
    notice_mailed_at: number | null;
  };
  sessions: {
    token_hash: string;
    user_id: string;
    created_at: number;
    expires_at: number;
    revoked_at: number | null;
    /** The id a person sees in "Where you're signed in"; the token hash never leaves the server. */
    public_id: string | null;
    /** "Chrome on Android", from the User-Agent at sign-in. */
    device: string;
    last_used_at: number | null;
  };
  auth_codes: {
    user_id: string;
    purpose: 'confirm' | 'reset' | 'email-change';
    code_hash: string;
    created_at: number;
    expires_at: number;
    /** Tries so far, the right one included; counted before each comparison. */
    wrong_tries: number;
    used_at: number | null;
  };
  rate_limits: { bucket: string; window_start: number; hits: number };
  /** Tries of a mailed code per purpose and address (a keyed hash), known or not; cleared by a new request. */
  code_tries: { bucket: string; tries: number; updated_at: number };
  mail_outbox: {
    id: string;
    /** 'message': ready to send; the others ask the worker to decide what (if anything) to send. */
    kind: 'message' | 'signup' | 'confirm-code' | 'reset-code' | 'email-change';
    recipient: string;
    subject: string;
    body: string;
    /** JSON of what a request kind needs (a sign-up's name and password hash); null for a message. */
    payload: string | null;
    attempts: number;
    next_attempt_at: number;
    claimed_until: number;
    /** A message carrying a code is useless after the code expires; null when it never expires. */
    expires_at: number | null;
    last_error: string | null;
    created_at: number;
  };
  user_keys: {
    id: string;
    user_id: string;
    key_version: number;
    encrypted_key: string;
    recovery_encrypted_key: string;
    kdf_salt: string;
    kdf_iterations: number;
    active: number;
    created_at: string;
    last_used: string;
    /** When the current recovery code was confirmed saved (epoch ms); null until then (migration 027). */
    recovery_saved_at: number | null;
  };
  key_wrappings: {
    id: string;
    key_id: string;
    user_id: string;
    encrypted_key: string;
    recovery_encrypted_key: string;
    kdf_salt: string;
    kdf_iterations: number;
    replaced_at: number;
  };
  /** Anonymous: no account is stored with a report (migration 011). */
  web_vitals: {
    id: Generated<number>;
    name: string;
    value: number;
    rating: string;
    page: string;
    navigation_type: string | null;
    created_at: number;
  };
  progress_programs: { user_id: string; program: string; description: string; created_at: number };
  progress_tracks: {
    user_id: string;
    program: string;
    track: string;
    description: string;
    created_at: number;
  };
  step_progress: {
    user_id: string;
    program: string;
    track: string;
    step_number: number;
    step_title: string;
    completed: number;
    /** JSON of the readable action flags. */
    actions: string;
    encrypted_data: string | null;
    encrypted: number;
    started_at: number | null;
    completed_at: number | null;
    updated_at: number;
  };
  /** Admin step figures kept on write by triggers on step_progress (migration 010). */
  step_figures: {
    program: string;
    track: string;
    step_number: number;
    started: number;
    in_progress: number;
    completed: number;
    duration_ms: number;
    durations: number;
  };
  status_updates: {
    id: Generated<number>;
    user_id: string;
    program: string;
    track: string;
    status_note: string;
    progress_milestone: string;
    created_at: number;
  };
  user_preferences: {
    user_id: string;
    date_display_opted_out: number;
    updated_at: number;
    /** JSON list of program ids; null until the user chooses. */
    selected_programs: string | null;
    primary_program: string | null;
  };
  inventories: {
    user_id: string;
    inventory_type: 'resentments' | 'fears' | 'harms';
    version: string;
    /** JSON: the completion marker only when encrypted; the entries themselves for the plain save. */
    items: string;
    encrypted_data: string | null;
    encrypted: number;
    entry_count: number;
    completed: number;
    updated_at: number;
  };
  /** Earlier writing kept aside by "start over" (migration 013); step or inventory columns by kind. */
  kept_aside: {
    id: string;
    user_id: string;
    kind: 'step' | 'inventory';
    program: string | null;
    track: string | null;
    step_number: number | null;
    inventory_type: 'resentments' | 'fears' | 'harms' | null;
    /** Ciphertext only, still bound to the place it came from. */
    encrypted_data: string;
    entry_count: number;
    completed: number;
    created_at: number;
    updated_at: number;
  };
  /**
   * The circles, abstinence record and check-ins a clear or a restore replaced (migration 026), ciphertext
   * only. Each part is JSON text: `circles` `[{version, created_at, ciphertext}]`, `abstinence`
   * `{ciphertext}` or `null` for "there was none", `check_ins` `[{day, ciphertext}]`; a column left NULL is
   * a part that clear or restore did not replace.
   */
  kept_aside_tools: {
    id: string;
    user_id: string;
    circles: string | null;
    abstinence: string | null;
    check_ins: string | null;
    circle_versions: number;
    check_in_count: number;
    created_at: number;
  };
  profiles: {
    user_id: string;
    display_name: string;
    /** Readable bio, location and phone saved before they were encrypted; emptied once `details` is sent. */
    bio: string;
    location: string;
    phone: string;
    /** The encrypted bio, location and phone (made in the owner's browser). */
    details: string | null;
    created_at: number;
    updated_at: number;
  };
  feedback: {
    id: Generated<number>;
    user_id: string | null;
    user_email: string;
    location: string;
    feedback_type: string;
    feedback_text: string;
    /** JSON of the device fields. */
    device_info: string;
    reviewed: number;
    admin_notes: string | null;
    created_at: number;
  };
  share_documents: {
    id: string;
    user_id: string;
    share_name: string;
    document_type: '12-step-status' | 'step-four-inventories' | 'three-circles';
    /** Ciphertext only; the key is in the link's fragment and never reaches the server. */
    html_content: string;
    owner_key: string;
    created_at: number;
    expires_at: number;
  };
  admin_audit: {
    id: Generated<number>;
    admin_user_id: string | null;
    admin_email: string;
    action: string;
    target: string;
    /** JSON of what changed. */
    details: string;
    created_at: number;
  };
  sponsorship_invitations: {
    id: string;
    inviter_user_id: string;
    inviter_email: string;
    inviter_display_name: string;
    invitee_email: string;
    invitee_display_name: string | null;
    /** Set when the invitee links the invitation to their account or accepts it. */
    invitee_user_id: string | null;
    program: string;
    /** The role the invitee is asked to take. */
    role: 'sponsor' | 'sponsee';
    /** Stored status; 'expired' is derived from token_expires_at and never stored. */
    status: 'pending' | 'accepted' | 'declined' | 'canceled';
    /** SHA-256 of the newest token; the token itself is only mailed. */
    token_hash: string;
    token_expires_at: number;
    send_count: number;
    last_sent_at: number;
    responded_at: number | null;
    created_at: number;
    updated_at: number;
  };
  sponsorship_relationships: {
    id: string;
    invitation_id: string | null;
    sponsor_user_id: string;
    sponsee_user_id: string;
    program: string;
    status: 'active' | 'ended';
    /** How each person is named to the other. */
    sponsor_display_name: string;
    sponsee_display_name: string;
    started_at: number;
    ended_at: number | null;
    ended_by_user_id: string | null;
    end_reason: string | null;
    updated_at: number;
  };
  sponsorship_reports: {
    id: string;
    invitation_id: string;
    reporter_user_id: string;
    issue_type: string;
    description: string;
    created_at: number;
  };
  sponsorship_audit: {
    id: Generated<number>;
    user_id: string;
    action: string;
    /** JSON of the details. */
    details: string;
    client_timestamp: string | null;
    created_at: number;
  };
  identity_keys: {
    user_id: string;
    /** Base64 of the 65-byte P-256 public key. */
    public_key: string;
    /** The private key, ciphertext under the owner's data key. */
    encrypted_private_key: string;
    created_at: number;
  };
  /** One per relationship that has a space; `generation` is the space key in use. */
  sponsor_spaces: {
    relationship_id: string;
    generation: number;
    /** 1 from the end of the relationship until the sponsee's browser moved the space to a new key. */
    rotation_due: number;
    created_at: number;
    updated_at: number;
  };
  /** A member's HPKE-sealed copy of one generation of a space key. */
  space_keys: {
    relationship_id: string;
    generation: number;
    user_id: string;
    enc: string;
    wrapped_key: string;
    /** The sponsee's record of the sponsor key this generation was sealed to (decision 43); null otherwise. */
    record: string | null;
  };
  /** The sponsor's copy of one item the sponsee shares, ciphertext under the space key. */
  space_items: {
    relationship_id: string;
    item_key: string;
    generation: number;
    ciphertext: string;
    updated_at: number;
    reviewed_at: number | null;
  };
  space_comments: {
    id: string;
    relationship_id: string;
    item_key: string;
    author_user_id: string;
    generation: number;
    ciphertext: string;
    created_at: number;
  };
  space_reads: {
    relationship_id: string;
    user_id: string;
    item_key: string;
    read_at: number;
  };
  /** The other person's public key as this person verified it, ciphertext under their own data key. */
  space_verifications: {
    relationship_id: string;
    user_id: string;
    ciphertext: string;
    updated_at: number;
  };
  /** In-app notes; the kind and who it was about, never content. */
  notifications: {
    id: string;
    user_id: string;
    kind: 'comment' | 'reviewed' | 'shared-updated' | 'accepted' | 'declined' | 'ended';
    other_name: string;
    relationship_id: string | null;
    item_key: string | null;
    created_at: number;
    read_at: number | null;
  };
  /** Every saved version of a person's three circles, ciphertext only; versions count up from 1. */
  circles_versions: {
    user_id: string;
    version: number;
    ciphertext: string;
    created_at: number;
  };
  /** A person's abstinence periods, ciphertext only; `revision` counts the saves. */
  abstinence_records: {
    user_id: string;
    ciphertext: string;
    revision: number;
    updated_at: number;
  };
  /** One nightly check-in per person and day ('YYYY-MM-DD', the person's own day), ciphertext only. */
  check_ins: {
    user_id: string;
    day: string;
    ciphertext: string;
    updated_at: number;
  };
}
