import { Avatar, type AvatarProps } from '@mantine/core';
import { initials } from '@opsuite/shared/rules/initials';

export interface UserAvatarProps extends Omit<AvatarProps, 'src' | 'alt' | 'children' | 'name'> {
  name: string | null | undefined;
  /** A photo link; when it is missing (or fails to load) the initials show instead. */
  src?: string | null;
}

/** A person's photo, or the first letters of the first two words of their name. */
export function UserAvatar({ name, src, color = 'brand', radius = 'xl', ...props }: UserAvatarProps) {
  const label = name?.trim() || 'User';
  return (
    <Avatar src={src || null} alt={label} title={label} color={color} radius={radius} {...props}>
      {initials(label)}
    </Avatar>
  );
}
