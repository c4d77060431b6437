/**
 * The props of a time field in seconds (an annotation's or a shared segment's start and end):
 * a number from 0 in tenths, with the decimal keypad on touch devices.
 */
export const SECONDS_INPUT = { type: 'number', inputMode: 'decimal', min: 0, step: '0.1' } as const;
