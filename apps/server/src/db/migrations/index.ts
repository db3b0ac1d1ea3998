import type { Kysely, Migration, MigrationProvider } from 'kysely';
import type { Dialect } from '../dialect.ts';
import * as accounts from './001_accounts.ts';
import * as progress from './002_progress.ts';
import * as programPreferences from './003_program_preferences.ts';
import * as inventories from './004_inventories.ts';
import * as profilesFeedback from './005_profiles_feedback.ts';
import * as shareDocuments from './006_share_documents.ts';
import * as admin from './007_admin.ts';
import * as sponsorship from './008_sponsorship.ts';
import * as metricsIndexes from './009_metrics_indexes.ts';
import * as metricsSummary from './010_metrics_summary.ts';
import * as anonymousVitals from './011_anonymous_vitals.ts';
import * as userListOrder from './012_user_list_order.ts';
import * as keptAside from './013_kept_aside.ts';
import * as mailOutbox from './014_mail_outbox.ts';
import * as keyWrappings from './015_key_wrappings.ts';
import * as sessionDevices from './016_session_devices.ts';
import * as profileDetails from './017_profile_details.ts';
import * as oneActiveKey from './018_one_active_key.ts';
import * as accountBinding from './019_account_binding.ts';
import * as sponsorSpace from './020_sponsor_space.ts';
import * as codeTries from './021_code_tries.ts';
import * as notifications from './022_notifications.ts';
import * as circlesAndCheckIns from './023_circles_and_check_ins.ts';
import * as userFiguresIndex from './024_user_figures_index.ts';
import * as spaceSealRecords from './025_space_seal_records.ts';
import * as keptAsideTools from './026_kept_aside_tools.ts';
import * as recoveryCodeSaved from './027_recovery_code_saved.ts';

type DialectMigration = {
  up(db: Kysely<unknown>, dialect: Dialect): Promise<void>;
  down(db: Kysely<unknown>, dialect: Dialect): Promise<void>;
};

/** One ordered migration set for both engines; a migration may branch on the dialect where SQL differs. */
const ALL: Record<string, DialectMigration> = {
  '001_accounts': accounts,
  '002_progress': progress,
  '003_program_preferences': programPreferences,
  '004_inventories': inventories,
  '005_profiles_feedback': profilesFeedback,
  '006_share_documents': shareDocuments,
  '007_admin': admin,
  '008_sponsorship': sponsorship,
  '009_metrics_indexes': metricsIndexes,
  '010_metrics_summary': metricsSummary,
  '011_anonymous_vitals': anonymousVitals,
  '012_user_list_order': userListOrder,
  '013_kept_aside': keptAside,
  '014_mail_outbox': mailOutbox,
  '015_key_wrappings': keyWrappings,
  '016_session_devices': sessionDevices,
  '017_profile_details': profileDetails,
  '018_one_active_key': oneActiveKey,
  '019_account_binding': accountBinding,
  '020_sponsor_space': sponsorSpace,
  '021_code_tries': codeTries,
  '022_notifications': notifications,
  '023_circles_and_check_ins': circlesAndCheckIns,
  '024_user_figures_index': userFiguresIndex,
  '025_space_seal_records': spaceSealRecords,
  '026_kept_aside_tools': keptAsideTools,
  '027_recovery_code_saved': recoveryCodeSaved,
};

export function migrationProvider(dialect: Dialect): MigrationProvider {
  return {
    async getMigrations() {
      const migrations: Record<string, Migration> = {};
      for (const [name, m] of Object.entries(ALL)) {
        migrations[name] = { up: (db) => m.up(db, dialect), down: (db) => m.down(db, dialect) };
      }
      return migrations;
    },
  };
}
