import { defineConfig } from '@playwright/test';

// Browser journeys against the real Kiosk server (started by e2e/global-setup.ts on a free port
// with a fresh data directory), in Debian's Chromium at a desktop and a phone width.
export default defineConfig({
  testDir: './e2e',
  outputDir: './test-results',
  globalSetup: './e2e/global-setup.ts',
  // Generous limits: the debug server makes each `?w=` image variant on its first request
  // (about half a second of CPU each here), and while a page's images are being made Chromium
  // queues further requests to the same host (six connections), API calls included.
  timeout: 60_000,
  expect: { timeout: 15_000 },
  fullyParallel: false,
  workers: 2,
  retries: 0,
  forbidOnly: !!process.env.CI,
  reporter: [['list']],
  use: {
    launchOptions: {
      executablePath: '/usr/bin/chromium',
      args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
    },
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
  },
  // Journeys tagged for one width (`@phone`, `@desktop`) run only in that width's project.
  projects: [
    { name: 'desktop', grepInvert: /@phone/, use: { viewport: { width: 1280, height: 800 } } },
    {
      name: 'mobile',
      grepInvert: /@desktop/,
      use: { viewport: { width: 375, height: 740 }, isMobile: true, hasTouch: true },
    },
  ],
});
