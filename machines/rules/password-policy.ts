// The pool's password policy (spec §5), shared by the sign-in forms and the identity service:
// at least 8 characters with lower case, upper case, a number and one of these special characters.
export const passwordPolicy = {
  minLength: 8,
  /** ^ $ * . [ ] { } ( ) ? " ! @ # % & / \ , > < ' : ; | _ ~ ` = + - and space */
  specialCharacters: '^$*.[]{}()?"!@#%&/\\,><\':;|_~`=+- ',
} as const;
