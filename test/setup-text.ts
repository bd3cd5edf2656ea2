/** Every test file starts with the English interface text loaded, as the app does before its first render. */
import { errorTextReady, pageTextReady, startText } from '../src/ui/i18n/text';

await startText('en');
await pageTextReady();
await errorTextReady();
