/**
 * The command line of every Chromium the browser tests and the benchmark start. Chromium reads only the last
 * `--disable-features` it is given, so a launcher's own list is repeated in the one added here.
 */

/** Headless Chromium without its background traffic, which this machine's closed network refuses. */
const QUIET = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

/**
 * The address bar's pop-ups, which each new window of a headless Chromium (a Playwright context, a Lighthouse
 * run) starts as web pages in a renderer process of their own. Nothing here uses them, and they cost a new
 * context half its CPU (docs/decisions/0039-test-browsers-start-without-the-address-bar-pop-up.md).
 */
const ADDRESS_BAR_POPUPS = ['WebUIOmniboxPopup', 'WebUIOmniboxAimPopup'];

/** Playwright's own `--disable-features` list (playwright-core 1.65), which the one below replaces. */
const PLAYWRIGHT_DISABLED_FEATURES = [
  'AvoidUnnecessaryBeforeUnloadCheckSync',
  'DestroyProfileOnBrowserClose',
  'HttpsUpgrades',
  'HttpsFirstBalancedModeAutoEnable',
  'LensOverlay',
  'MediaRouter',
  'PaintHolding',
  'ThirdPartyStoragePartitioning',
  'AvoidCorsURLLoaderRestartOnRedirect',
  'TcpPortRandomizationWin',
  'OptimizationHints',
  'NetworkTimeServiceQuerying',
  'AimEnabled',
  'PreconnectToSearch',
  'msForceBrowserSignIn',
  'msEdgeUpdateLaunchServicesPreferredVersion',
];

const DISABLE_FEATURES = '--disable-features=';
const disableFeatures = (names: string[]) => `${DISABLE_FEATURES}${names.join(',')}`;

/** The arguments for Playwright's `chromium.launch`, which adds its own after them. */
export const PLAYWRIGHT_CHROMIUM_ARGS = [
  ...QUIET,
  '--disable-quic',
  disableFeatures([...PLAYWRIGHT_DISABLED_FEATURES, ...ADDRESS_BAR_POPUPS]),
];

/**
 * The whole command line for chrome-launcher (launched with `ignoreDefaultFlags`): its default flags, the
 * address bar's pop-ups added to their `--disable-features`, and the quiet headless flags.
 */
export function chromeLauncherFlags(launcherDefaults: string[]): string[] {
  const isFeatureList = (flag: string) => flag.startsWith(DISABLE_FEATURES);
  const disabled = launcherDefaults
    .filter(isFeatureList)
    .flatMap((flag) => flag.slice(DISABLE_FEATURES.length).split(','));
  return [
    ...launcherDefaults.filter((flag) => !isFeatureList(flag)),
    disableFeatures([...disabled, ...ADDRESS_BAR_POPUPS]),
    '--headless=new',
    ...QUIET,
  ];
}
