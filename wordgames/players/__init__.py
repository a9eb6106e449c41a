"""Players in public: profiles, head-to-head records, follow and block."""
