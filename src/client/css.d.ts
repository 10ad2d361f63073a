declare module "*.css";
declare module "get-nonce" {
  export function setNonce(nonce: string): void;
  export function getNonce(): string | undefined;
}
