/**
 * The pt-BR messages of a refused sign-in, shared by the server's password
 * path and the login page's web SDK path, so both answer alike (wrong
 * password and unknown e-mail are one message: the page never tells whether
 * an account exists; docs/decisions/0065-sign-in-abuse-and-enumeration.md).
 */

/** Error codes of a failed sign-in that the login page explains. */
export type SignInErrorCode =
  | "INVALID_LOGIN_CREDENTIALS"
  | "TOO_MANY_ATTEMPTS_TRY_LATER"
  | "USER_DISABLED"
  | "SECOND_FACTOR"
  | "NETWORK"
  | "UNKNOWN";

/** pt-BR message shown beside the login form for each {@link SignInErrorCode}. */
export const SIGN_IN_MESSAGES: Record<SignInErrorCode, string> = {
  INVALID_LOGIN_CREDENTIALS: "E-mail ou senha incorretos.",
  TOO_MANY_ATTEMPTS_TRY_LATER: "Muitas tentativas sem sucesso. Aguarde alguns minutos e tente novamente.",
  USER_DISABLED: "Esta conta está desativada. Fale com o administrador.",
  SECOND_FACTOR:
    "Sua conta entra com verificação em duas etapas. Ative o JavaScript do navegador e entre pela página de login.",
  NETWORK: "Não foi possível falar com o serviço de login. Verifique a conexão e tente novamente.",
  UNKNOWN: "Não foi possível entrar agora. Tente novamente em instantes.",
};
