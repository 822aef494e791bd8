// Times as the portal shows them: in the clinic's time zone, with the weekday.
export function formatWhen(iso: string, zone: string): string {
  return new Intl.DateTimeFormat('en-IN', { timeZone: zone, weekday: 'short', day: 'numeric', month: 'short', hour: '2-digit', minute: '2-digit', hour12: false }).format(new Date(iso));
}

export function formatDay(iso: string, zone: string): string {
  return new Intl.DateTimeFormat('en-IN', { timeZone: zone, weekday: 'short', day: 'numeric', month: 'short' }).format(new Date(iso));
}

export function formatTime(iso: string, zone: string): string {
  return new Intl.DateTimeFormat('en-IN', { timeZone: zone, hour: '2-digit', minute: '2-digit', hour12: false }).format(new Date(iso));
}
