class mod::nothing {}
