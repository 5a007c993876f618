// "Now", injected. Rules that depend on time (lockout windows, token expiry, the resurrection
// window, captcha expiry) read this instead of Date.now(), so tests move time instead of waiting.
export type Clock = () => Date;

export const systemClock: Clock = () => new Date();
