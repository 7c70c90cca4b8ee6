export {
  notifyOperators,
  notifyRoles,
  type NoticeSent,
} from '@/modules/operator-notices/operator-notices.service.ts';
