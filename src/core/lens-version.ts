/**
 * Session Lens's own version (not nanobot's: see nanobot-version.ts), one for the app and the CLI:
 * package.json's, which `npm run release` bumps. The app's footer and `session-lens --version` show it.
 */
export { version as LENS_VERSION } from '../../package.json';
