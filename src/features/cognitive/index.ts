// The cognitive domain's public entry: what route modules (src/app/routes/) compose, and all another
// domain may take from this one (lint forbids importing the domain's other files from outside).
export { CognitiveSection } from './client-cognitive-section';
export { COGNITIVE_SECTION } from './client-cognitive-texts';
export { COGNITIVE_DOMAIN_NAMES } from './cognitive-domains';
export { CognitivePage } from './cognitive-page';
