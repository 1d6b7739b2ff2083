/**
 * Team members (ADR 0019): the admin operations (list,
 * save, deactivate, soft delete, reactivate, promote, photo and files) and
 * the public reads of `/sobre` and `/membro/{slug}`. Every change announces
 * `publicContentChanged("members")` so the page cache is emptied (ADR 0013).
 * Expected refusals (an unknown member, a taken slug, a promotion that cannot
 * be done) are thrown as {@link AdminError} with pt-BR messages.
 */
export { addMemberFile, deleteMemberFile, removeMemberPhoto, setMemberPhoto, storedKeyKind } from "./files";
export { promoteMember, type Promotion } from "./promote";
export {
  findPublicMember,
  getMember,
  listMemberFiles,
  listMembers,
  type Member,
  type MemberFile,
  type MemberListQuery,
  MEMBER_NOT_FOUND,
  publicMembers,
  reactivateMember,
  requireMember,
  saveMember,
  setMemberActive,
  softDeleteMember,
} from "./store";
