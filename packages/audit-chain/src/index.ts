/**
 * The audit trail's hash chain: one definition of a record's hash (the server
 * writes with it), the export formats, the head's Ed25519 signature, and the
 * offline verifier of an export (`replay audit verify`).
 */
export { canonicalJson } from './canonical';
export { GENESIS_HASH, FIELD_NAMES, recordHash, chainAfter, type AuditFields, type ChainedRecord } from './record';
export { EXPORT_FORMAT, signHead, signedBytes, keyIdOf, keyPairFromSeed, toPublicKey, headSignatureValid, type HeadClaim, type SignedHead, type PublicKeyInput } from './head';
export { csvHeaderLine, csvRecordLine, csvHeadLine, jsonlRecordLine, jsonlHeadLine, type ExportFormat } from './format';
export { verifyAuditExport, parseExport, type VerifyResult, type VerifyOptions, type FirstBad } from './verify';
