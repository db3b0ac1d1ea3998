export const CHECK_IN_PATH = '/programs/saa/check-in';
