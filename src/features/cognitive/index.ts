// The cognitive domain's public entry: what route modules (src/app/routes/) compose, and all another
// domain may take from this one (lint forbids importing the domain's other files from outside).
export { CognitiveSection } from './client-cognitive-section.tsx';
export { COGNITIVE_SECTION } from './client-cognitive-texts.ts';
export { COGNITIVE_DOMAIN_NAMES } from './cognitive-domains.ts';
export { CognitivePage } from './cognitive-page.tsx';
export { cognitiveResults } from './cognitive-api.ts';
