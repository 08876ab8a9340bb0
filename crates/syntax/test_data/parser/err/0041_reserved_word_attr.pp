# attr is reserved
notice(attr)
