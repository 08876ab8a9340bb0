include kmod
