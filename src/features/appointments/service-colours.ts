// A colour per service, stable across days and screens (the service id picks it), dark enough
// for white text (WCAG AA on caption text).
const PALETTE = ['#1565c0', '#2e7d32', '#6a1b9a', '#c62828', '#00695c', '#4e342e', '#ad1457', '#283593', '#37474f', '#7b5800'];

export const serviceColour = (serviceId: number): string => PALETTE[Math.abs(serviceId) % PALETTE.length];
