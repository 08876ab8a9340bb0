# Classes in the main manifest may be declared before they are defined.
include later
class later {
  notify { 'defined after use': }
}
