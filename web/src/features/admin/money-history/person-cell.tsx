import { Link, Stack, Text } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router-dom';
import { personName } from '../../../components/admin/person-names';
import { adminUserPath } from '../../../config/paths';

/** Who a money record is about: their name and e-mail, linking to their page (their id when they are gone). */
export function PersonCell(props: {
  user?: { _id: string; firstname: string; lastname: string; email: string } | undefined;
  userId: string;
}) {
  const { user } = props;
  return (
    <Stack gap="0">
      <Link asChild colorPalette="brand">
        <RouterLink to={adminUserPath(props.userId)}>{user ? personName(user) : props.userId}</RouterLink>
      </Link>
      {user && (
        <Text fontSize="xs" color="fg.muted">
          {user.email}
        </Text>
      )}
    </Stack>
  );
}
